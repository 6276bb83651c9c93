/**
 * Scheduled messages on the reference server over real HTTP, its clock moved by hand: a
 * message is listed, edited and sent at its time as its author, each change an event to the
 * author's other clients; a past time, an unknown channel and another user's scheduled message
 * are refused in upstream's words; one whose channel is gone by its time is marked failed, a
 * notification-bot message says so, and it needs a new time before it is tried again. Follows
 * the upstream API documentation (zulip.com/api/get-scheduled-messages,
 * create-scheduled-message, update-scheduled-message, delete-scheduled-message, and the
 * scheduled_messages events of get-events).
 */
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.ts';
import type { StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, useClockedServer } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
const startClockedServer = useClockedServer();

async function setup() {
  ({ server, clock } = await startClockedServer());
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  const general = server.state.channelByName('general')!.stream_id;
  return { owner, member, general, now: Math.floor(clock.now() / 1000) };
}

async function newest(user: ReturnType<typeof byEmail>) {
  const r = await ok(server, user, 'GET', '/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    apply_markdown: false,
  });
  return (r.messages as Record<string, unknown>[])[0] ?? {};
}

describe('/scheduled_messages', () => {
  it('lists, edits and then sends a channel message at its time, as its author', async () => {
    const { member, general, now } = await setup();
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['scheduled_messages'],
      fetch_event_types: ['scheduled_messages'],
    });
    expect(q.scheduled_messages).toEqual([]);
    const created = await ok(server, member, 'POST', '/scheduled_messages', {
      type: 'stream',
      to: general,
      topic: 'release',
      content: 'ship it',
      scheduled_delivery_timestamp: now + 3600,
    });
    const id = created.scheduled_message_id as number;
    const later = await ok(server, member, 'POST', '/scheduled_messages', {
      type: 'direct',
      to: JSON.stringify([byEmail(server, 'owner').user_id]),
      content: 'later one',
      scheduled_delivery_timestamp: now + 7200,
    });
    const listed = await ok(server, member, 'GET', '/scheduled_messages');
    expect(listed.scheduled_messages).toEqual([
      {
        scheduled_message_id: id,
        type: 'stream',
        to: general,
        topic: 'release',
        content: 'ship it',
        rendered_content: '<p>ship it</p>',
        scheduled_delivery_timestamp: now + 3600,
        failed: false,
      },
      expect.objectContaining({
        scheduled_message_id: later.scheduled_message_id,
        type: 'private',
        to: [byEmail(server, 'owner').user_id],
      }),
    ]);

    await ok(server, member, 'PATCH', `/scheduled_messages/${id}`, {
      content: 'ship it **today**',
      scheduled_delivery_timestamp: now + 60,
    });
    const events = (await pending(server, member, q.queue_id)) as { type: string; op: string }[];
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['scheduled_messages', 'add'],
      ['scheduled_messages', 'add'],
      ['scheduled_messages', 'update'],
    ]);
    const lastId = (events.at(-1) as unknown as { id: number }).id;

    await clock.advance(59_000);
    expect(
      (await ok(server, member, 'GET', '/scheduled_messages')).scheduled_messages,
    ).toHaveLength(2);
    await clock.advance(1000);
    const sent = await newest(member);
    expect(sent).toMatchObject({
      type: 'stream',
      subject: 'release',
      content: 'ship it **today**',
      sender_email: member.email,
    });
    const left = await ok(server, member, 'GET', '/scheduled_messages');
    expect(
      (left.scheduled_messages as { scheduled_message_id: number }[]).map(
        (s) => s.scheduled_message_id,
      ),
    ).toEqual([later.scheduled_message_id]);
    const removed = await pending(server, member, q.queue_id, lastId);
    expect(removed).toContainEqual(
      expect.objectContaining({
        type: 'scheduled_messages',
        op: 'remove',
        scheduled_message_id: id,
      }),
    );
  });

  it('refuses a past time, an unknown channel and another’s scheduled message, as upstream words it', async () => {
    const { owner, member, general, now } = await setup();
    const past = await call(server, member, 'POST', '/scheduled_messages', {
      type: 'stream',
      to: general,
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: now,
    });
    expect(past.body.msg).toBe('Scheduled delivery time must be in the future.');
    const nowhere = await call(server, member, 'POST', '/scheduled_messages', {
      type: 'stream',
      to: 99999,
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: now + 60,
    });
    expect(nowhere.body.code).toBe('STREAM_DOES_NOT_EXIST');
    const made = await ok(server, member, 'POST', '/scheduled_messages', {
      type: 'stream',
      to: general,
      topic: 't',
      content: 'x',
      scheduled_delivery_timestamp: now + 60,
    });
    const path = `/scheduled_messages/${made.scheduled_message_id as number}`;
    const theirs = await call(server, owner, 'DELETE', path);
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'Scheduled message does not exist']);
    await ok(server, member, 'DELETE', path);
    const last = await newest(member);
    await clock.advance(120_000);
    expect((await newest(member)).id).toBe(last.id);
    expect((await ok(server, member, 'GET', '/scheduled_messages')).scheduled_messages).toEqual([]);
  });

  it('marks one failed when its channel is gone by its time, and needs a new time to try again', async () => {
    const { owner, member, now } = await setup();
    const development = server.state.channelByName('development')!.stream_id;
    const made = await ok(server, member, 'POST', '/scheduled_messages', {
      type: 'stream',
      to: development,
      topic: 't',
      content: 'too late',
      scheduled_delivery_timestamp: now + 60,
    });
    await ok(server, owner, 'DELETE', `/streams/${development}`);
    await clock.advance(60_000);
    const listed = await ok(server, member, 'GET', '/scheduled_messages');
    expect(listed.scheduled_messages).toEqual([
      expect.objectContaining({ scheduled_message_id: made.scheduled_message_id, failed: true }),
    ]);
    const bot = await newest(member);
    expect(bot.sender_email).toBe('notification-bot@zulip.com');
    const path = `/scheduled_messages/${made.scheduled_message_id as number}`;
    const again = await call(server, member, 'PATCH', path, { content: 'still' });
    expect(again.body.msg).toBe('Scheduled delivery time must be in the future.');
  });
});
