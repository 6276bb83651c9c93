import { afterEach, describe, expect, it } from 'vitest';
import { getOwnUser } from '../../../../src/api/routes/users.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { connectionLabel } from '../../../../src/contract/connection-label.ts';
import { messaging } from '../../../../src/server/messages/service.ts';
import type { ServerOptions, ServerUser } from '../../../../src/server/index.ts';
import {
  Gate,
  PerchUnderTest,
  ReferenceServer,
  apiClient,
  person,
  send,
  until,
} from './harness.ts';

/**
 * In every scenario Perch must recover by itself, decide every message exactly once and
 * never show the same message in two notifications.
 */
describe('recovering from outages without losing or repeating a message', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let gate: Gate | undefined;
  let perch: PerchUnderTest;
  let me: ServerUser;
  let ada: ServerUser;

  async function setUp(options: ServerOptions = {}, throughGate = false): Promise<void> {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock, options);
    me = person(server.started, 'member');
    ada = person(server.started, 'admin');
    gate = throughGate ? await Gate.open(server.url) : undefined;
    perch = new PerchUnderTest(gate?.url ?? server.url, [me], clock);
    await perch.watch(me);
  }

  afterEach(async () => {
    await perch.manager.close();
    await gate?.close();
    await server.close();
  });

  const dm = (content: string) =>
    send(server.started, ada, clock, { type: 'direct', to: [me.user_id], content });

  /** Watches through a gate, decides a first message, then cuts the network. */
  async function connectThenCut(): Promise<number> {
    await setUp({}, true);
    const first = await dm('first');
    await perch.decided(me, [first]);
    await cutNetwork();
    return first;
  }

  /** Cuts the gate and waits for Perch to notice and back off. */
  async function cutNetwork(): Promise<void> {
    gate!.cut();
    await until(() => perch.health(me).state === 'backoff', 'the poll to fail');
  }

  function expectEachOnce(ids: number[]): void {
    const decided = perch.decisions(me).map((d) => d.messageId);
    expect(decided).toEqual(ids);
    expect(perch.notifier.notified).toEqual(ids);
  }

  it('the server restarts mid-poll', async () => {
    await setUp();
    const before = await dm('before the restart');
    await perch.decided(me, [before]);

    await server.stop();
    await until(() => perch.health(me).state === 'backoff', 'the poll to fail');
    await server.resume();
    const mention = () =>
      send(server.started, ada, clock, {
        type: 'stream',
        to: 'general',
        topic: 'outage',
        content: '@**Mel Member** are you there?',
      });
    const during = [await dm('while Perch waits'), await mention()];
    await clock.advance(perch.health(me).retryAt! - clock.now());
    await perch.decided(me, during);
    const after = await dm('after');
    await perch.decided(me, [after]);

    expectEachOnce([before, ...during, after]);
    expect(perch.decisionFor(me, during[0]!)?.missed).toBe(true);
    expect(perch.decisionFor(me, during[1]!)).toMatchObject({
      missed: true,
      rules: { desktop: 'B5' },
    });
    expect(perch.decisionFor(me, after)?.missed).toBe(false);
    expect(perch.health(me)).toMatchObject({ state: 'polling', reconnects: 1, failures: 0 });
  });

  it('the server stops answering (a paused process): shown within ten seconds, nothing lost', async () => {
    await setUp({ heartbeatSeconds: 45, longpollTimeoutSeconds: 90 }, true);
    // A window shows the connection: only then does the Core check on a quiet server.
    perch.manager.setWindow('idle');
    const before = await dm('before the pause');
    await perch.decided(me, [before]);
    const polls = () => gate!.seen.filter((s) => s === 'GET /api/v1/events').length;
    await until(() => polls() === 2, 'the next poll to reach the server');
    const pausedAt = clock.now();
    gate!.pause();
    const during = [await dm('while paused'), await dm('still paused')];

    await clock.advance(9_999);
    expect(perch.health(me).state).toBe('polling');
    await clock.advance(1);
    expect(perch.health(me)).toMatchObject({ state: 'not_answering', silentSince: pausedAt });
    await clock.advance(5_000);
    expect(connectionLabel(perch.health(me), clock.now())).toBe(
      'Not answering: no event or heartbeat for 15 s; still waiting',
    );
    expect(polls()).toBe(2);

    gate!.resume();
    await perch.decided(me, during);
    await until(() => perch.health(me).state === 'polling', 'Connected again');
    const after = await dm('after');
    await perch.decided(me, [after]);

    expectEachOnce([before, ...during, after]);
    expect(perch.health(me)).toMatchObject({ reconnects: 0, failures: 0 });
    expect(gate!.seen.filter((s) => s === 'POST /api/v1/register')).toHaveLength(1);
  });

  it('with no window open, a quiet server is asked nothing but its long-poll until a window opens', async () => {
    await setUp({ heartbeatSeconds: 45, longpollTimeoutSeconds: 90 }, true);
    const own = () => gate!.seen.filter((s) => s !== 'GET /api/v1/events');
    await until(() => gate!.seen.includes('GET /api/v1/events'), 'the first poll');
    const sentBefore = own().length;
    await clock.advance(40_000);
    expect(own().slice(sentBefore)).toEqual([]);

    perch.manager.setWindow('idle');
    await until(() => own().length > sentBefore, "the window's first presence report");
    await clock.advance(7_000);
    await until(() => own().includes('GET /api/v1/server_settings'), 'a live check');
  });

  it('the queue is garbage-collected while Perch could not poll: a burst becomes one summary', async () => {
    const first = await connectThenCut();
    const missed: number[] = [];
    for (let i = 0; i < 7; i++) missed.push(await dm(`missed ${i}`));
    server.started.gcQueuesNow();
    gate!.mode = 'pass';
    await clock.advance(perch.health(me).retryAt! - clock.now());
    await perch.decided(me, missed);

    expectEachOnce([first, ...missed]);
    const summary = perch.notifier.shown.at(-1);
    expect(summary?.title).toBe(`7 new messages in ${server.started.state.realm.name}`);
    expect(summary?.messageIds).toEqual(missed);
    expect(perch.sound.played).toEqual(['zulip', 'zulip']);
    expect(perch.decisions(me).filter((d) => d.missed)).toHaveLength(7);
    expect(perch.health(me).reconnects).toBe(1);
  });

  it('a message both fetched by the gap fill and queued anew is decided and shown once', async () => {
    await setUp({}, true);
    await cutNetwork();
    const missed = await dm('missed');
    server.started.gcQueuesNow();
    // Sent after the new queue exists and before the gap fill asks: it is in both.
    let overlap = 0;
    gate!.beforeForward = async (seen) => {
      if (seen === 'GET /api/v1/messages' && overlap === 0) overlap = await dm('in both');
    };
    gate!.mode = 'pass';
    await clock.advance(perch.health(me).retryAt! - clock.now());
    await until(() => overlap > 0, 'the overlapping message');
    await perch.decided(me, [missed, overlap]);
    const next = await dm('live again');
    await perch.decided(me, [next]);

    expectEachOnce([missed, overlap, next]);
  });

  it('an event the server sends malformed: a fresh queue, nothing lost, nothing twice', async () => {
    await setUp();
    const before = await dm('before');
    await perch.decided(me, [before]);
    server.queues.emit([me.user_id], { type: 'subscription', op: 'add', subscriptions: 'none' });
    const beside = await dm('right after it');
    await until(() => perch.health(me).state === 'backoff', 'the batch to be refused');
    expect(perch.health(me).lastError).toMatch(/malformed response at events\.0/);
    const during = await dm('while Perch waits');
    await clock.advance(perch.health(me).retryAt! - clock.now());
    await perch.decided(me, [beside, during]);
    const after = await dm('after');
    await perch.decided(me, [after]);

    expectEachOnce([before, beside, during, after]);
    expect(perch.health(me)).toMatchObject({ state: 'polling', reconnects: 1, failures: 0 });
  });

  it('the gap fill pages through more missed messages than one page holds', async () => {
    await connectThenCut();
    const service = messaging(server.started.ctx);
    const sender = server.started.state.users.get(ada.user_id)!;
    const missed: number[] = [];
    for (let i = 0; i < 1_500; i++) {
      missed.push(service.send({ sender, dmUserIds: [me.user_id], content: `m ${i}` }).id);
    }
    server.started.gcQueuesNow();
    gate!.mode = 'pass';
    await clock.advance(perch.health(me).retryAt! - clock.now());
    const summary = () => perch.notifier.open.get(`${me.email}|summary`);
    await until(() => summary()?.messageIds.length === 1_500, 'every missed message');

    expect(gate!.seen.filter((r) => r === 'GET /api/v1/messages')).toHaveLength(2);
    expect(summary()?.messageIds).toEqual(missed);
    expect(summary()?.title).toBe(`1500 new messages in ${server.started.state.realm.name}`);
  });

  it('the network is cut, then comes back: the queue survives and a kick reconnects at once', async () => {
    const first = await connectThenCut();
    const during = [await dm('during 1'), await dm('during 2'), await dm('during 3')];
    gate!.mode = 'pass';
    // The OS reports the network is back: no waiting for the backoff to run out.
    perch.manager.kickAll();
    await perch.decided(me, during);

    expectEachOnce([first, ...during]);
    expect(perch.decisionFor(me, during[0]!)?.missed).toBe(false);
    expect(perch.health(me)).toMatchObject({ state: 'polling', reconnects: 0, failures: 0 });
  });

  it('a rate-limit storm: Perch waits what the server asks and misses nothing', async () => {
    await setUp({ rateLimit: { requests: 5, windowSeconds: 10 } }, true);
    // The user's phone spends the shared budget without pacing itself (a fresh client each time).
    const phoneCall = async () => {
      const phone = apiClient(server.url, me, clock, { maxRateLimitRetries: 0 });
      await getOwnUser(phone).catch(() => undefined);
      await phone.close();
    };
    const sent: number[] = [];
    for (let i = 0; i < 12; i++) {
      sent.push(await dm(`storm ${i}`));
      for (let j = 0; j < 3; j++) await phoneCall();
      await clock.advance(2_500);
    }
    for (let i = 0; i < 20 && !sent.every((id) => perch.decisionFor(me, id)); i++) {
      await clock.advance(10_000);
      await until(() => perch.health(me).state !== 'registering', 'a settled queue');
    }
    await perch.decided(me, sent);

    const decided = perch.decisions(me).map((d) => d.messageId);
    expect(decided).toEqual(sent);
    expect(new Set(perch.notifier.notified).size).toBe(perch.notifier.notified.length);
    expect([...perch.notifier.notified].sort((a, b) => a - b)).toEqual(sent);
    // The storm did reach Perch: the server refused some of its requests.
    expect(gate!.statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(perch.health(me)).toMatchObject({ state: 'polling', reconnects: 0 });
    expect(perch.attention).toEqual([]);
  });
});
