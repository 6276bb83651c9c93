import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
afterEach(async () => {
  await server.close();
});

async function setup(options: Parameters<typeof startServer>[0] = {}) {
  clock = new ManualClock();
  server = await startServer({ rateLimit: false, clock, ...options });
  const member = byEmail(server, 'member');
  const reg = await ok(server, member, 'POST', '/register', {
    event_types: ['message', 'alert_words'],
  });
  return { member, owner: byEmail(server, 'owner'), queueId: reg.queue_id as string };
}

/** Waits (on I/O, not on time) until the long-poll has reached the server and is waiting. */
async function pollIsWaiting(queueId: string, userId: number): Promise<void> {
  while (!server.queues.get(queueId, userId).waiter)
    await new Promise<void>((r) => setImmediate(r));
}

describe('GET /events', () => {
  it('holds a long-poll until a message arrives, then returns it', async () => {
    const { member, owner, queueId } = await setup();
    const poll = ok(server, member, 'GET', '/events', { queue_id: queueId, last_event_id: -1 });
    await pollIsWaiting(queueId, member.user_id);
    const sent = await send(server, owner, [member.user_id], 'ping');
    const r = await poll;
    expect(r.queue_id).toBe(queueId);
    expect(r.events).toMatchObject([
      { id: 0, type: 'message', message: { id: sent, content: 'ping' }, flags: [] },
    ]);
  });

  it('answers with a heartbeat after the configured idle interval', async () => {
    const { member, queueId } = await setup({ heartbeatSeconds: 30 });
    let done = false;
    const poll = ok(server, member, 'GET', '/events', { queue_id: queueId }).then((r) => {
      done = true;
      return r;
    });
    await pollIsWaiting(queueId, member.user_id);
    await clock.advance(29_000);
    expect(done).toBe(false);
    await clock.advance(1_000);
    expect((await poll).events).toEqual([{ id: 0, type: 'heartbeat' }]);
  });

  it('returns at once with dont_block and only events after last_event_id', async () => {
    const { member, owner, queueId } = await setup();
    expect(await pending(server, member, queueId)).toEqual([]);
    for (const content of ['one', 'two', 'three']) {
      await ok(server, owner, 'POST', '/messages', {
        type: 'direct',
        to: [member.user_id],
        content,
      });
    }
    const r = await ok(server, member, 'GET', '/events', {
      queue_id: queueId,
      last_event_id: 0,
      dont_block: true,
    });
    expect((r.events as { id: number }[]).map((e) => e.id)).toEqual([1, 2]);
  });

  it('garbage-collects a queue not polled for the configured time', async () => {
    const { member, queueId } = await setup({ queueTimeoutSeconds: 120 });
    await clock.advance(119_000);
    await ok(server, member, 'GET', '/events', { queue_id: queueId, dont_block: true });
    await clock.advance(119_000);
    await ok(server, member, 'GET', '/events', { queue_id: queueId, dont_block: true });
    await clock.advance(120_000);
    const r = await call(server, member, 'GET', '/events', { queue_id: queueId, dont_block: true });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: queueId,
    });
  });

  it("refuses unknown queues and other users' queues, and requires a queue_id to delete", async () => {
    const { member, owner, queueId } = await setup();
    const unknown = await call(server, member, 'GET', '/events', {
      queue_id: 'nope',
      dont_block: true,
    });
    expect(unknown.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: 'nope' });
    const foreign = await call(server, owner, 'GET', '/events', {
      queue_id: queueId,
      dont_block: true,
    });
    expect(foreign.body.code).toBe('BAD_EVENT_QUEUE_ID');
    const missing = await call(server, member, 'DELETE', '/events', {});
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'queue_id' });
    const badId = await call(server, member, 'GET', '/events', {
      queue_id: queueId,
      last_event_id: 'x',
    });
    expect(badId.body.code).toBe('BAD_REQUEST');
  });

  it('releases a queue with DELETE /events', async () => {
    const { member, queueId } = await setup();
    await ok(server, member, 'DELETE', '/events', { queue_id: queueId });
    const r = await call(server, member, 'GET', '/events', { queue_id: queueId, dont_block: true });
    expect(r.body.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('registers a queue when polled without a queue_id', async () => {
    const { member } = await setup();
    const r = await ok(server, member, 'GET', '/events', {
      event_types: ['message'],
      dont_block: true,
    });
    expect(typeof r.queue_id).toBe('string');
    expect(r.events).toEqual([]);
    await ok(server, member, 'GET', '/events', { queue_id: r.queue_id, dont_block: true });
  });

  it('ends a pending long-poll when the server closes', async () => {
    const { member, queueId } = await setup();
    const poll = call(server, member, 'GET', '/events', { queue_id: queueId }).catch(
      (e: unknown) => e,
    );
    await pollIsWaiting(queueId, member.user_id);
    await server.close();
    await poll;
    server = await startServer({ rateLimit: false });
  });
});

describe('POST /messages with queue_id and local_id', () => {
  it("echoes local_message_id in the sender's own queue only, so a client matches its pending copy", async () => {
    const { member, owner, queueId } = await setup();
    const other = await ok(server, member, 'POST', '/register', { event_types: ['message'] });
    const ownerQueue = await ok(server, owner, 'POST', '/register', { event_types: ['message'] });
    const sent = await ok(server, member, 'POST', '/messages', {
      type: 'direct',
      to: [owner.user_id],
      content: 'with an echo',
      queue_id: queueId,
      local_id: '7.01',
    });
    const mine = await pending(server, member, queueId);
    expect(mine).toMatchObject([
      { type: 'message', message: { id: sent.id }, local_message_id: '7.01' },
    ]);
    // The sender's other queue and the recipient see the message without the echo.
    for (const [user, q] of [
      [member, other.queue_id],
      [owner, ownerQueue.queue_id],
    ] as const) {
      const events = await pending(server, user, q);
      expect(events).toMatchObject([{ type: 'message', message: { id: sent.id } }]);
      expect(events[0]).not.toHaveProperty('local_message_id');
    }
  });

  it("gives no echo when the queue is not the sender's or local_id is missing", async () => {
    const { member, owner, queueId } = await setup();
    await ok(server, owner, 'POST', '/messages', {
      type: 'direct',
      to: [member.user_id],
      content: 'someone else names my queue',
      queue_id: queueId,
      local_id: '1',
    });
    await ok(server, member, 'POST', '/messages', {
      type: 'direct',
      to: [owner.user_id],
      content: 'no local id',
      queue_id: queueId,
    });
    const events = await pending(server, member, queueId);
    expect(events).toHaveLength(2);
    for (const e of events) expect(e).not.toHaveProperty('local_message_id');
  });
});
