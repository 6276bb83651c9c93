import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/api/client.ts';
import {
  InvalidApiKeyError,
  RealmDeactivatedError,
  UserDeactivatedError,
} from '../../../../src/api/errors.ts';
import { getEvents } from '../../../../src/api/routes/events.ts';
import { getServerSettings } from '../../../../src/api/routes/server.ts';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { connectionLabel } from '../../../../src/contract/connection-label.ts';
import {
  EventQueue,
  type AccountStopError,
  type QueueHealth,
  type RegisterReason,
} from '../../../../src/core/sync/event-queue.ts';
import {
  Gate,
  ReferenceServer,
  apiClient,
  person,
  send,
  until,
} from '../../../integration/core/sync/harness.ts';

const PARAMS = { event_types: ['message', 'heartbeat'] };

interface Run {
  queue: EventQueue;
  events: ServerEvent[];
  registrations: RegisterReason[];
  rejected: AccountStopError[];
  healths: QueueHealth[];
  loop: Promise<void>;
}

describe('EventQueue against the reference server', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let gate: Gate;
  const clients: ApiClient[] = [];
  const queues: EventQueue[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock, {
      heartbeatSeconds: 45,
      longpollTimeoutSeconds: 90,
    });
    gate = await Gate.open(server.url);
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ release: false })));
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await gate.close();
    await server.close();
  });

  function clientOf(local: string, options: Parameters<typeof apiClient>[3] = {}): ApiClient {
    const client = apiClient(gate.url, person(server.started, local), clock, options);
    clients.push(client);
    return client;
  }

  function run(
    client: ApiClient,
    extra: Partial<ConstructorParameters<typeof EventQueue>[0]> = {},
  ): Run {
    const r = { events: [], registrations: [], rejected: [], healths: [] } as unknown as Run;
    r.queue = new EventQueue({
      client,
      clock,
      registerParams: PARAMS,
      onRegistered: (_data, reason) => void r.registrations.push(reason),
      onEvents: (events) => void r.events.push(...events),
      onCredentialsRejected: (error) => void r.rejected.push(error),
      onHealth: (h) => void r.healths.push(h),
      ...extra,
    });
    queues.push(r.queue);
    r.loop = r.queue.start();
    return r;
  }

  const polling = (r: Run) =>
    until(() => r.queue.getHealth().state === 'polling', 'the queue to poll');
  const backingOff = (r: Run, failures: number) =>
    until(
      () => r.queue.getHealth().state === 'backoff' && r.queue.getHealth().failures === failures,
      `failure ${failures}`,
    );
  const delay = (r: Run) => (r.queue.getHealth().retryAt ?? NaN) - clock.now();
  const messageIds = (r: Run) =>
    r.events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []));

  /** The admin's message to #general, as the member's queue receives it. */
  const adminSays = (content: string) =>
    send(server.started, person(server.started, 'admin'), clock, {
      type: 'stream',
      to: 'general',
      topic: 'q',
      content,
    });

  it('delivers message events in order and consumes heartbeats silently', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    const sent = [];
    for (const content of ['one', 'two']) sent.push(await adminSays(content));
    await until(() => messageIds(r).length === 2, 'two messages');
    expect(messageIds(r)).toEqual(sent);

    await clock.advance(45_000);
    await until(() => r.queue.getHealth().lastHeartbeatAt === clock.now(), 'a heartbeat');
    expect(r.events.some((e) => e.type === 'heartbeat')).toBe(false);
    expect(r.queue.getHealth()).toMatchObject({ state: 'polling', reconnects: 0, failures: 0 });
    expect(r.registrations).toEqual(['start']);
  });

  it('tells of its health only when it changed: one update per answer, none per new poll', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    const before = r.healths.length;
    for (const content of ['one', 'two', 'three']) await adminSays(content);
    await until(() => messageIds(r).length === 3, 'three messages');
    await until(
      () => r.queue.getHealth().lastEventId === r.events.at(-1)?.id,
      'the last answer acknowledged',
    );
    const told = r.healths.slice(before);
    // Each answer moved the last event id; each poll after it started as polling already was.
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(3);
    told.forEach((h, i) => expect(h).not.toEqual(i === 0 ? r.healths[before - 1] : told[i - 1]));
    expect(told.at(-1)).toEqual(r.queue.getHealth());
  });

  it('backs off with full jitter, capped, and a success resets the backoff', async () => {
    gate.mode = 'fail';
    const draws = [0.5, 0.25, 0.99, 0.5, 0.5, 0.5];
    let next = 0;
    const r = run(clientOf('member'), {
      backoff: { baseMs: 1_000, capMs: 4_000 },
      random: () => draws[next++] ?? 0.5,
    });
    const waits: number[] = [];
    let firstFailure = NaN;
    for (let failures = 1; failures <= 4; failures++) {
      await backingOff(r, failures);
      if (failures === 1) firstFailure = clock.now();
      // "Offline since": the first failure, however many follow it.
      expect(r.queue.getHealth().offlineSince).toBe(firstFailure);
      waits.push(delay(r));
      await clock.advance(delay(r));
    }
    // Uniform in [0, min(cap, base * 2^n)): 0.5*1000, 0.25*2000, 0.99*4000, then capped 0.5*4000.
    expect(waits).toEqual([500, 500, 3960, 2000]);
    expect(r.queue.getHealth().lastError).toContain('503');

    gate.mode = 'pass';
    await backingOff(r, 5);
    await clock.advance(delay(r));
    await polling(r);
    expect(r.queue.getHealth()).toMatchObject({
      failures: 0,
      lastError: undefined,
      retryAt: undefined,
      offlineSince: undefined,
    });

    gate.cut();
    await backingOff(r, 1);
    expect(r.queue.getHealth().offlineSince).toBe(clock.now());
    expect(delay(r)).toBe(500);
  });

  it('waits what RATE_LIMIT_HIT says before trying again', async () => {
    await server.close();
    server = await ReferenceServer.start(clock, { rateLimit: { requests: 3, windowSeconds: 30 } });
    await gate.close();
    gate = await Gate.open(server.url);
    // Another session of the same user spends the budget the queue shares.
    const other = clientOf('member', { maxRateLimitRetries: 0 });
    const r = run(clientOf('member', { maxRateLimitRetries: 0 }), { random: () => 0 });
    await polling(r);
    await getEvents(other, { queue_id: r.queue.getHealth().queueId ?? '', dont_block: true }).catch(
      () => undefined,
    );
    await clock.advance(10_000);
    await send(server.started, person(server.started, 'admin'), clock, {
      type: 'direct',
      to: [person(server.started, 'member').user_id],
      content: 'hi',
    });
    await backingOff(r, 1);
    // The window opened at t=0 and resets at t=30 s; it is now t=10 s.
    expect(delay(r)).toBe(20_000);
    expect(r.queue.getHealth().lastError).toContain('RATE_LIMIT_HIT');
    await clock.advance(19_999);
    expect(r.queue.getHealth().state).toBe('backoff');
    await clock.advance(1);
    await until(() => messageIds(r).length === 1, 'the message after the wait');
  });

  it('re-registers at once when the server forgot the queue', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    const first = r.queue.getHealth().queueId ?? '';
    server.queues.delete(server.queues.get(first, person(server.started, 'member').user_id));
    await until(() => r.registrations.length === 2, 'a new registration');
    await polling(r);
    expect(r.registrations).toEqual(['start', 'reregister']);
    expect(r.queue.getHealth()).toMatchObject({ reconnects: 1, failures: 0 });
    expect(r.queue.getHealth().queueId).not.toBe(first);
    expect(r.healths.some((h) => h.state === 'backoff')).toBe(false);
  });

  it('a batch it cannot read is not polled for again: a fresh queue replaces it', async () => {
    const member = person(server.started, 'member');
    const r = run(clientOf('member'));
    await polling(r);
    const broken = r.queue.getHealth().queueId ?? '';
    server.queues.emit([member.user_id], { type: 'message', message: { id: 'seven' }, flags: [] });
    await backingOff(r, 1);
    expect(r.queue.getHealth().lastError).toMatch(/malformed response at events\.0\.message/);
    expect(r.queue.getHealth().queueId).toBeUndefined();
    // Released on the server, not left to its garbage collector.
    expect(() => server.queues.get(broken, member.user_id)).toThrow(/Bad event queue ID/);

    await clock.advance(delay(r));
    await polling(r);
    expect(r.registrations).toEqual(['start', 'reregister']);
    const next = await send(server.started, person(server.started, 'admin'), clock, {
      type: 'direct',
      to: [member.user_id],
      content: 'still there?',
    });
    await until(() => messageIds(r).includes(next), 'the next message');
    expect(r.queue.getHealth()).toMatchObject({ failures: 0, lastError: undefined });
  });

  it('a batch that fails to apply is not polled for again either', async () => {
    let failing = true;
    const r = run(clientOf('member'), {
      onEvents: (events) => {
        if (failing) {
          failing = false;
          throw new TypeError('cannot read properties of undefined');
        }
        r.events.push(...events);
      },
    });
    await polling(r);
    const member = person(server.started, 'member');
    const admin = person(server.started, 'admin');
    const dm = { type: 'direct' as const, to: [member.user_id] };
    await send(server.started, admin, clock, { ...dm, content: 'first' });
    await backingOff(r, 1);
    expect(r.queue.getHealth().lastError).toBe(
      'events could not be applied: cannot read properties of undefined',
    );
    await clock.advance(delay(r));
    await polling(r);
    expect(r.registrations).toEqual(['start', 'reregister']);
    const second = await send(server.started, admin, clock, { ...dm, content: 'second' });
    await until(() => messageIds(r).includes(second), 'the next message');
  });

  it('stops for good on a rejected API key and on a deactivated user', async () => {
    const member = person(server.started, 'member');
    const wrongKey = apiClient(gate.url, { ...member, api_key: 'not-the-key' }, clock);
    clients.push(wrongKey);
    const bad = run(wrongKey);
    await bad.loop;
    expect(bad.rejected[0]).toBeInstanceOf(InvalidApiKeyError);
    expect(bad.queue.getHealth().state).toBe('needs_attention');

    const r = run(clientOf('member2'));
    await polling(r);
    server.started.deactivateUser(person(server.started, 'member2').user_id);
    await r.loop;
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]).toBeInstanceOf(UserDeactivatedError);
    const requests = gate.requests;
    await clock.advance(600_000);
    expect(gate.requests).toBe(requests);
    expect(r.queue.getHealth().state).toBe('needs_attention');
  });

  it('stops for good when the organization is deactivated', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    server.started.state.realm.deactivated = true;
    r.queue.kick();
    await r.loop;
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]).toBeInstanceOf(RealmDeactivatedError);
    expect(r.queue.getHealth()).toMatchObject({ state: 'needs_attention', queueId: undefined });
  });

  it('kick() abandons a long backoff and reconnects at once', async () => {
    gate.mode = 'fail';
    const r = run(clientOf('member'), {
      backoff: { baseMs: 60_000, capMs: 60_000 },
      random: () => 0.99,
    });
    await backingOff(r, 1);
    expect(delay(r)).toBe(59_400);
    gate.mode = 'pass';
    r.queue.kick();
    await polling(r);
    expect(r.registrations).toEqual(['start']);
  });

  it('after losing the network, probes on a short schedule and reconnects the moment the server answers', async () => {
    gate.cut();
    const client = clientOf('member');
    const probes = { started: 0, settled: 0 };
    const r = run(client, {
      backoff: { baseMs: 60_000, capMs: 60_000 },
      random: () => 0.99,
      probeScheduleMs: [500, 1_000, 2_000],
      // Past the end of this test: only the probes of the wait are counted.
      liveCheckEveryMs: 60_000,
      probe: async (signal) => {
        probes.started++;
        try {
          await getServerSettings(client, signal);
        } finally {
          probes.settled++;
        }
      },
    });
    await backingOff(r, 1);
    expect(delay(r)).toBe(59_400);
    const lost = clock.now();
    for (const [wait, count] of [
      [500, 1],
      [1_000, 2],
      [2_000, 3],
    ] as const) {
      await clock.advance(wait);
      await until(() => probes.settled === count, `probe ${count} to fail`);
    }
    expect(r.queue.getHealth().state).toBe('backoff');

    // The server is back: the next probe (2 s later, the schedule's last step) answers.
    gate.mode = 'pass';
    await clock.advance(2_000);
    await polling(r);
    expect(clock.now() - lost).toBe(5_500);
    expect(r.queue.getHealth()).toMatchObject({ failures: 0, retryAt: undefined });
    expect(r.registrations).toEqual(['start']);
    // Probing ends with the wait it shortened.
    await clock.advance(10_000);
    expect(probes.started).toBe(4);
  });

  it('a poll whose connection outlives the server: the next check is refused and the account reconnects', async () => {
    const client = clientOf('member');
    const r = run(client, { probe: (signal) => getServerSettings(client, signal) });
    await polling(r);
    const polls = () => gate.seen.filter((s) => s === 'GET /api/v1/events').length;
    await until(() => polls() === 1, 'the poll to reach the server');
    // New connections are refused; the open poll is left hanging, as after a crash behind NAT.
    gate.drop = (seen) => seen === 'GET /api/v1/server_settings';

    await clock.advance(6_999);
    expect(r.queue.getHealth().state).toBe('polling');
    await clock.advance(1);
    await backingOff(r, 1);
    expect(connectionLabel(r.queue.getHealth(), clock.now())).toMatch(/^Reconnecting in \d+ s$/);

    const missed = await send(server.started, person(server.started, 'admin'), clock, {
      type: 'stream',
      to: 'general',
      topic: 'q',
      content: 'while away',
    });
    gate.drop = undefined;
    await clock.advance(500);
    await polling(r);
    await until(() => messageIds(r).includes(missed), 'the message sent while away');
    expect(messageIds(r)).toEqual([missed]);
    expect(r.registrations).toEqual(['start']);
  });

  it('a server that answers with an error is not probed: its backoff is kept', async () => {
    gate.mode = 'fail';
    let probes = 0;
    const r = run(clientOf('member'), {
      backoff: { baseMs: 60_000, capMs: 60_000 },
      random: () => 0.99,
      probe: async () => void probes++,
    });
    await backingOff(r, 1);
    await clock.advance(30_000);
    expect(probes).toBe(0);
    expect(r.queue.getHealth().state).toBe('backoff');
  });

  it('retryIfWaiting() ends a backoff but leaves a live poll alone', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    await until(() => gate.seen.includes('GET /api/v1/events'), 'the long-poll to be sent');
    const before = gate.requests;
    r.queue.retryIfWaiting();
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(gate.requests).toBe(before);

    gate.mode = 'fail';
    r.queue.kick();
    await backingOff(r, 1);
    gate.mode = 'pass';
    r.queue.retryIfWaiting();
    await polling(r);
  });

  it('kick() during a long-poll polls again without losing events', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    const before = gate.requests;
    r.queue.kick();
    await until(() => gate.requests > before, 'a new poll');
    const id = await send(server.started, person(server.started, 'admin'), clock, {
      type: 'stream',
      to: 'general',
      topic: 'k',
      content: 'after kick',
    });
    await until(() => messageIds(r).includes(id), 'the message');
    expect(r.queue.getHealth().reconnects).toBe(0);
  });

  it('says the server is not answering once a poll outlives its heartbeat, and takes the late answer', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    await until(() => gate.seen.includes('GET /api/v1/events'), 'the poll to reach the gate');
    const startedAt = clock.now();
    // A stopped server: the poll's answer (this message) is held, and so is any heartbeat.
    gate.pause();
    const id = await send(server.started, person(server.started, 'admin'), clock, {
      type: 'stream',
      to: 'general',
      topic: 'p',
      content: 'while paused',
    });

    // 90 s long-poll timeout: a heartbeat is due by 45 s, and 20 s of margin after that.
    await clock.advance(64_999);
    expect(r.queue.getHealth().state).toBe('polling');
    await clock.advance(1);
    expect(r.queue.getHealth()).toMatchObject({ state: 'not_answering', silentSince: startedAt });
    expect(connectionLabel(r.queue.getHealth(), clock.now())).toBe(
      'Not answering: no event or heartbeat for 65 s; still waiting',
    );
    // Only a label: the same poll still waits, nothing re-registered or polled again.
    expect(gate.seen.filter((s) => s.startsWith('POST /api/v1/register'))).toHaveLength(1);
    expect(gate.seen.filter((s) => s.startsWith('GET /api/v1/events'))).toHaveLength(1);

    gate.resume();
    await until(() => messageIds(r).includes(id), 'the held message');
    expect(r.queue.getHealth()).toMatchObject({ state: 'polling', reconnects: 0, failures: 0 });
    expect(r.queue.getHealth().silentSince).toBeUndefined();
    expect(messageIds(r)).toEqual([id]);
    expect(r.registrations).toEqual(['start']);
  });

  it('does not let an unanswered DELETE /events hold up quitting', async () => {
    const r = run(clientOf('member'));
    await polling(r);
    gate.mode = 'hang';
    let stopped = false;
    const stopping = r.queue.stop().then(() => (stopped = true));
    await until(() => gate.seen.includes('DELETE /api/v1/events'), 'the DELETE to reach the gate');
    await clock.advance(2_999);
    expect(stopped).toBe(false);
    await clock.advance(1);
    await stopping;
    expect(r.queue.getHealth().state).toBe('stopped');
  });

  it('releases its queue on the server when stopped', async () => {
    const member = person(server.started, 'member');
    const r = run(clientOf('member'));
    await polling(r);
    const queueId = r.queue.getHealth().queueId ?? '';
    await r.queue.stop();
    expect(() => server.queues.get(queueId, member.user_id)).toThrow(/Bad event queue/);
    expect(r.queue.getHealth().state).toBe('stopped');

    const kept = run(clientOf('member'));
    await polling(kept);
    const keptId = kept.queue.getHealth().queueId ?? '';
    await kept.queue.stop({ release: false });
    expect(server.queues.get(keptId, member.user_id).id).toBe(keptId);
  });
});
