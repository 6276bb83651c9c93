import { beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_CHECK_MS,
  MAX_CHECK_MS,
  NOT_ARRIVED,
  Outbox,
  type OutboxChange,
} from '../../../../src/core/compose/outbox.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { FakeChatServer, FakeKeeper, settle } from './outbox-fake.ts';

const to = { type: 'stream' as const, streamId: 1, topic: 'deploys' };

let clock: ManualClock;
let server: FakeChatServer;
let keeper: FakeKeeper;
let changes: OutboxChange[];
let n = 0;

function outbox(): Outbox {
  const o = new Outbox({
    port: server.port(),
    keeper,
    clock,
    onChange: (c) => changes.push(c),
    newLocalId: () => `local-${++n}`,
  });
  server.onEvent = (localId, messageId) => o.onMessageEvent(localId, messageId);
  return o;
}

const confirmed = () => changes.flatMap((c) => c.confirmed);
const states = (o: Outbox) => o.list().map((e) => e.state);

beforeEach(() => {
  clock = new ManualClock();
  server = new FakeChatServer(() => clock.now());
  keeper = new FakeKeeper();
  changes = [];
});

describe('Outbox', () => {
  it('shows a send as pending at once and drops it when the answer confirms it', async () => {
    const o = outbox();
    const entry = await o.submit({ to, content: 'hello', draftKey: 'channel:1' });
    expect(states(o)).toEqual(['sending']);
    expect(JSON.parse(keeper.file)).toMatchObject([{ localId: entry.localId, content: 'hello' }]);
    await settle();
    expect(o.list()).toEqual([]);
    expect(keeper.file).toBe('[]');
    expect(confirmed()).toEqual([{ localId: entry.localId, messageId: server.messages[0]!.id }]);
    expect(server.count('hello')).toBe(1);
  });

  it('takes its own event as confirmation when the answer is lost, and never says "not sent"', async () => {
    server.sendFault = () => 'lostAfter';
    server.eventFault = () => 'hold';
    const o = outbox();
    await o.submit({ to, content: 'cut answer' });
    await settle();
    expect(states(o)).toEqual(['unconfirmed']);
    server.deliverHeld();
    await settle();
    expect(o.list()).toEqual([]);
    expect(confirmed()).toHaveLength(1);
    expect(server.count('cut answer')).toBe(1);
  });

  it('looks the message up after a short wait when both the answer and the event are lost', async () => {
    server.sendFault = () => 'lostAfter';
    server.eventFault = () => 'lose';
    const o = outbox();
    await o.submit({ to, content: 'both lost' });
    await settle();
    await clock.advance(FIRST_CHECK_MS - 1);
    expect(states(o)).toEqual(['unconfirmed']);
    await clock.advance(1);
    await settle();
    expect(o.list()).toEqual([]);
    expect(confirmed()).toEqual([{ localId: 'local-' + n, messageId: server.messages[0]!.id }]);
    expect(server.count('both lost')).toBe(1);
  });

  it('arms the look-up with "unconfirmed", not after the entry is on disk: a slow or failed write cannot leave it unsettled', async () => {
    server.sendFault = () => 'lostBefore';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const put = keeper.put.bind(keeper);
    // Writes apply one after another, as the drafts file's do (DraftStore); the write of the
    // unconfirmed state hangs as on a stalled disk, and those after it wait behind it.
    let writes = Promise.resolve();
    keeper.put = (entry) =>
      (writes = writes.then(async () => {
        if (entry.state === 'unconfirmed') await held;
        await put(entry);
      }));
    const o = outbox();
    await o.submit({ to, content: 'slow disk' });
    await settle();
    expect(states(o)).toEqual(['unconfirmed']);
    await clock.advance(FIRST_CHECK_MS);
    await settle();
    expect(o.list()).toMatchObject([{ state: 'failed', reason: NOT_ARRIVED }]);
    release();
    await settle();
    expect(JSON.parse(keeper.file)).toMatchObject([{ state: 'failed', reason: NOT_ARRIVED }]);
  });

  it('says "not sent" only once a look-up shows it never arrived, and Try again sends it once', async () => {
    let fault: 'lostBefore' | 'ok' = 'lostBefore';
    server.sendFault = () => fault;
    const o = outbox();
    const entry = await o.submit({ to, content: 'never arrived' });
    await settle();
    expect(states(o)).toEqual(['unconfirmed']);
    await clock.advance(FIRST_CHECK_MS);
    await settle();
    expect(o.list()).toMatchObject([{ state: 'failed', reason: NOT_ARRIVED }]);
    fault = 'ok';
    await o.retry(entry.localId);
    await settle();
    expect(o.list()).toEqual([]);
    expect(server.count('never arrived')).toBe(1);
  });

  it('keeps waiting while look-ups cannot reach the server, and looks again at re-register', async () => {
    let reachable = false;
    server.sendFault = () => 'lostAfter';
    server.eventFault = () => 'hold';
    server.lookupWorks = () => reachable;
    const o = outbox();
    await o.submit({ to, content: 'during an outage' });
    await settle();
    await clock.advance(10 * FIRST_CHECK_MS);
    await settle();
    // Never "not sent" while nothing is known: the server may well have it.
    expect(states(o)).toEqual(['unconfirmed']);
    reachable = true;
    server.newQueue(); // the held echo went with the old queue
    o.onReregistered();
    await settle();
    expect(o.list()).toEqual([]);
    expect(server.count('during an outage')).toBe(1);
  });

  it('fails at once with the reason when the server refuses, and Discard drops it', async () => {
    server.sendFault = () => 'refused';
    const o = outbox();
    const entry = await o.submit({ to, content: 'refused' });
    await settle();
    expect(o.list()).toMatchObject([{ state: 'failed', reason: 'The server refused it.' }]);
    await o.discard(entry.localId);
    expect(o.list()).toEqual([]);
    expect(keeper.file).toBe('[]');
    expect(server.count('refused')).toBe(0);
  });

  it('offers no second copy when Try again follows a send that did arrive late', async () => {
    let fault: 'lostBefore' | 'lostAfter' = 'lostBefore';
    server.sendFault = () => fault;
    server.eventFault = () => 'lose';
    const o = outbox();
    const entry = await o.submit({ to, content: 'late' });
    await settle();
    await clock.advance(FIRST_CHECK_MS);
    await settle();
    expect(states(o)).toEqual(['failed']);
    // Meanwhile the same text did arrive (another attempt, a slow path): Try again finds it.
    fault = 'lostAfter';
    await server.port().send({ ...entry, localId: 'elsewhere' }, undefined);
    await o.retry(entry.localId);
    await settle();
    expect(o.list()).toEqual([]);
    expect(server.count('late')).toBe(1);
  });

  it('resumes after a restart by looking up first: a send that arrived is not sent again', async () => {
    server.sendFault = () => 'lostAfter';
    server.eventFault = () => 'lose';
    const first = outbox();
    await first.submit({ to, content: 'before the crash' });
    await settle();
    first.close(); // the host dies with the send unconfirmed
    server.sendFault = () => 'ok';
    const second = outbox();
    await second.start();
    await settle();
    expect(second.list()).toEqual([]);
    expect(server.count('before the crash')).toBe(1);
  });

  it('resumes after a restart by sending what never went out', async () => {
    server.sendFault = () => 'lostBefore';
    const first = outbox();
    await first.submit({ to, content: 'kept on disk' });
    first.close(); // before any answer
    await settle();
    server.sendFault = () => 'ok';
    const second = outbox();
    await second.start();
    expect(second.list()).toMatchObject([{ content: 'kept on disk', state: 'unconfirmed' }]);
    await settle();
    expect(second.list()).toEqual([]);
    expect(server.count('kept on disk')).toBe(1);
  });

  it('queues sends made while the server is out of reach and sends each once, in order, when it answers', async () => {
    let offline = true;
    server.sendFault = () => (offline ? 'offline' : 'ok');
    const o = outbox();
    await o.submit({ to, content: 'first while offline' });
    await settle();
    await o.submit({ to, content: 'second while offline' });
    await settle();
    // Waiting, never "not sent": nothing left this computer.
    expect(states(o)).toEqual(['waiting', 'waiting']);
    expect(JSON.parse(keeper.file)).toMatchObject([{ state: 'waiting' }, { state: 'waiting' }]);
    await clock.advance(10 * FIRST_CHECK_MS);
    await settle();
    expect(states(o)).toEqual(['waiting', 'waiting']);
    expect(server.messages).toEqual([]);
    offline = false;
    o.onReregistered();
    await settle();
    expect(o.list()).toEqual([]);
    expect(server.messages.map((m) => m.content)).toEqual([
      'first while offline',
      'second while offline',
    ]);
    // A later registration or timer sends nothing again.
    o.onReregistered();
    await clock.advance(10 * FIRST_CHECK_MS);
    await settle();
    expect(server.messages).toHaveLength(2);
  });

  it('tries a waiting send again later by itself when no registration says the server is back', async () => {
    let offline = true;
    server.sendFault = () => (offline ? 'offline' : 'ok');
    const o = outbox();
    await o.submit({ to, content: 'retried by the timer' });
    await settle();
    offline = false;
    await clock.advance(MAX_CHECK_MS);
    await settle();
    expect(o.list()).toEqual([]);
    expect(server.count('retried by the timer')).toBe(1);
  });

  it('keeps a waiting send across a restart and sends it once the server answers', async () => {
    server.sendFault = () => 'offline';
    const first = outbox();
    await first.submit({ to, content: 'queued before quitting' });
    await settle();
    first.close();
    server.sendFault = () => 'ok';
    const second = outbox();
    await second.start();
    await settle();
    expect(second.list()).toEqual([]);
    expect(server.count('queued before quitting')).toBe(1);
  });
});
