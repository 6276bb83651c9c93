/**
 * Message reminders on the reference server over real HTTP, its clock moved by hand: a
 * reminder is listed for its owner alone, arrives at its time as a direct message from the
 * notification bot quoting the message and the note, and is then forgotten, each change a
 * reminders event; a deleted reminder never arrives; a past time and another user's reminder
 * are refused in upstream's words. Follows the upstream API documentation
 * (zulip.com/api/create-message-reminder, get-reminders, delete-reminder, and the reminders
 * events of get-events).
 */
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.ts';
import type { StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send, useClockedServer } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
const startClockedServer = useClockedServer();

async function setup() {
  ({ server, clock } = await startClockedServer());
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  const id = await send(server, owner, 'general', 'ship it on Friday', 'release');
  return { owner, member, id, now: Math.floor(clock.now() / 1000) };
}

describe('/reminders', () => {
  it('sends the reminder as a direct message from the notification bot at its time, then forgets it', async () => {
    const { owner, member, id, now } = await setup();
    const q = await ok(server, member, 'POST', '/register', { event_types: ['reminders'] });
    const r = await ok(server, member, 'POST', '/reminders', {
      message_id: id,
      scheduled_delivery_timestamp: now + 3600,
      note: 'check the build',
    });
    const listed = await ok(server, member, 'GET', '/reminders');
    expect(listed.reminders).toEqual([
      expect.objectContaining({
        reminder_id: r.reminder_id,
        type: 'private',
        to: [member.user_id],
        scheduled_delivery_timestamp: now + 3600,
        failed: false,
        reminder_target_message_id: id,
      }),
    ]);
    expect((await ok(server, owner, 'GET', '/reminders')).reminders).toEqual([]);
    const added = (await pending(server, member, q.queue_id)) as { type: string; op: string }[];
    expect(added.map((e) => [e.type, e.op])).toEqual([['reminders', 'add']]);

    await clock.advance(3599_000);
    const before = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
    });
    expect((before.messages as { id: number }[])[0]?.id).toBe(id);

    // The first queue has expired in the hour gone by: the reader has registered again.
    const q2 = await ok(server, member, 'POST', '/register', { event_types: ['reminders'] });
    await clock.advance(1000);
    const after = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      apply_markdown: false,
    });
    const dm = (after.messages as { sender_email: string; type: string; content: string }[])[0]!;
    expect(dm.type).toBe('private');
    expect(dm.sender_email).toBe('notification-bot@zulip.com');
    expect(dm.content).toContain(`You requested a reminder for #**general>release@${id}**.`);
    expect(dm.content).toContain('> check the build');
    expect(dm.content).toContain('ship it on Friday');
    expect((await ok(server, member, 'GET', '/reminders')).reminders).toEqual([]);
    const removed = (await pending(server, member, q2.queue_id)) as { type: string; op: string }[];
    expect(removed.map((e) => [e.type, e.op])).toEqual([['reminders', 'remove']]);
  });

  it('deletes a reminder, which then never arrives; refuses a past time and another’s reminder', async () => {
    const { owner, member, id, now } = await setup();
    const past = await call(server, member, 'POST', '/reminders', {
      message_id: id,
      scheduled_delivery_timestamp: now - 1,
    });
    expect(past.body.msg).toBe('Scheduled delivery time must be in the future.');
    const r = await ok(server, member, 'POST', '/reminders', {
      message_id: id,
      scheduled_delivery_timestamp: now + 60,
    });
    const theirs = await call(server, owner, 'DELETE', `/reminders/${r.reminder_id as number}`);
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'Reminder does not exist']);
    await ok(server, member, 'DELETE', `/reminders/${r.reminder_id as number}`);
    await clock.advance(120_000);
    const newest = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
    });
    expect((newest.messages as { id: number }[])[0]?.id).toBe(id);
  });
});

describe('/reminders on a clock standing mid-second', () => {
  const startMidSecond = useClockedServer(Date.UTC(2026, 0, 1) + 900);

  it('arrives when the clock reaches the second it was set for, not a fraction later', async () => {
    const { server: s, clock: c } = await startMidSecond();
    const member = byEmail(s, 'member');
    const id = await send(s, byEmail(s, 'owner'), 'general', 'ship it on Friday', 'release');
    const at = Math.floor(c.now() / 1000) + 60;
    await ok(s, member, 'POST', '/reminders', { message_id: id, scheduled_delivery_timestamp: at });

    await c.advance(at * 1000 - c.now());
    const newest = await ok(s, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
    });
    const dm = (newest.messages as { sender_email: string }[])[0]!;
    expect(dm.sender_email).toBe('notification-bot@zulip.com');
    expect((await ok(s, member, 'GET', '/reminders')).reminders).toEqual([]);
  });
});
