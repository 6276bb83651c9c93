import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/lib/clock.ts';
import type { StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send, useClockedServer } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
const startClockedServer = useClockedServer();

async function setup() {
  ({ server, clock } = await startClockedServer());
  return {
    owner: byEmail(server, 'owner'),
    member: byEmail(server, 'member'),
    member2: byEmail(server, 'member2'),
    moderator: byEmail(server, 'moderator'),
  };
}

type Msg = { id: number; content: string; subject: string; stream_id?: number; flags: string[] };

async function fetchOne(user: ReturnType<typeof byEmail>, id: number): Promise<Msg | undefined> {
  const r = await ok(server, user, 'GET', '/messages', { message_ids: [id] });
  return (r.messages as Msg[])[0];
}

async function queue(user: ReturnType<typeof byEmail>, types: string[]) {
  return (await ok(server, user, 'POST', '/register', { event_types: types })).queue_id;
}

describe('GET /messages/{message_id}', () => {
  it('returns the Markdown source beside the message', async () => {
    const { member, member2 } = await setup();
    const id = await send(server, member, 'general', 'some **bold** words');
    const r = await ok(server, member2, 'GET', `/messages/${id}`, { apply_markdown: false });
    expect(r.raw_content).toBe('some **bold** words');
    expect((r.message as Msg).content).toBe('some **bold** words');
  });

  it('refuses a message the user cannot read', async () => {
    const { owner, member, member2 } = await setup();
    const id = await send(server, owner, [member.user_id], 'private');
    const r = await call(server, member2, 'GET', `/messages/${id}`);
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
    });
  });
});

describe('PATCH /messages/{message_id}: content', () => {
  it('edits the sender’s own message and tells every reader with the old and new text', async () => {
    const { member, member2 } = await setup();
    const id = await send(server, member, 'general', 'first draft');
    const q = await queue(member2, ['update_message']);
    await ok(server, member, 'PATCH', `/messages/${id}`, { content: 'second *draft*' });
    expect((await fetchOne(member2, id))?.content).toBe('<p>second <em>draft</em></p>');
    const [event] = await pending(server, member2, q);
    expect(event).toMatchObject({
      type: 'update_message',
      user_id: member.user_id,
      message_id: id,
      message_ids: [id],
      orig_content: 'first draft',
      content: 'second *draft*',
      rendered_content: '<p>second <em>draft</em></p>',
    });
  });

  it('refuses someone else’s message, and an edit after the time limit, changing nothing', async () => {
    const { member, member2 } = await setup();
    const id = await send(server, member, 'general', 'mine');
    const theirs = await call(server, member2, 'PATCH', `/messages/${id}`, { content: 'x' });
    expect(theirs.body.msg).toBe("You don't have permission to edit this message");
    await clock.advance(11 * 60 * 1000);
    const late = await call(server, member, 'PATCH', `/messages/${id}`, { content: 'x' });
    expect(late.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The time limit for editing this message has past',
    });
    expect((await fetchOne(member, id))?.content).toBe('<p>mine</p>');
  });

  it('refuses every content edit when the organization turned editing off', async () => {
    const { member } = await setup();
    const id = await send(server, member, 'general', 'mine');
    server.state.realm.message_edit.allow_message_editing = false;
    const r = await call(server, member, 'PATCH', `/messages/${id}`, { content: 'x' });
    expect(r.body.msg).toBe('Your organization has turned off message editing');
  });

  it('says there is nothing to change, and refuses content with a channel move', async () => {
    const { member } = await setup();
    const id = await send(server, member, 'general', 'mine');
    expect((await call(server, member, 'PATCH', `/messages/${id}`)).body.msg).toBe(
      'Nothing to change',
    );
    const both = await call(server, member, 'PATCH', `/messages/${id}`, {
      content: 'x',
      stream_id: 2,
    });
    expect(both.body.msg).toBe('Cannot change message content while changing channel');
  });
});

describe('PATCH /messages/{message_id}: topics and channels', () => {
  it('moves this message, later ones, or the whole topic', async () => {
    const { member } = await setup();
    const ids: number[] = [];
    for (const text of ['a', 'b', 'c', 'd'])
      ids.push(await send(server, member, 'general', text, 'old'));
    const [a, b, c, d] = ids as [number, number, number, number];
    const q = await queue(member, ['update_message']);
    await ok(server, member, 'PATCH', `/messages/${b}`, {
      topic: 'one',
      propagate_mode: 'change_one',
    });
    await ok(server, member, 'PATCH', `/messages/${c}`, {
      topic: 'later',
      propagate_mode: 'change_later',
    });
    const topics = async () =>
      Promise.all(ids.map(async (id) => (await fetchOne(member, id))?.subject));
    expect(await topics()).toEqual(['old', 'one', 'later', 'later']);
    await ok(server, member, 'PATCH', `/messages/${a}`, {
      topic: 'all',
      propagate_mode: 'change_all',
    });
    expect(await topics()).toEqual(['all', 'one', 'later', 'later']);
    const events = await pending(server, member, q);
    expect(events.map((e) => [e.message_ids, e.orig_subject, e.subject, e.propagate_mode])).toEqual(
      [
        [[b], 'old', 'one', 'change_one'],
        [[c, d], 'old', 'later', 'change_later'],
        [[a], 'old', 'all', 'change_all'],
      ],
    );
  });

  it('resolves and unresolves a topic with the check-mark prefix', async () => {
    const { member, member2 } = await setup();
    const first = await send(server, member, 'general', 'a', 'bug');
    const second = await send(server, member2, 'general', 'b', 'bug');
    await ok(server, member2, 'PATCH', `/messages/${first}`, {
      topic: '✔ bug',
      propagate_mode: 'change_all',
    });
    expect((await fetchOne(member, second))?.subject).toBe('✔ bug');
    await ok(server, member, 'PATCH', `/messages/${second}`, {
      topic: 'bug',
      propagate_mode: 'change_all',
    });
    expect((await fetchOne(member, first))?.subject).toBe('bug');
  });

  it('keeps topic moves to the group allowed, and non-moderators to the move time limit', async () => {
    const { member, moderator } = await setup();
    const id = await send(server, member, 'general', 'a', 'old');
    const members = server.state.systemGroup('role:moderators')?.id ?? 0;
    server.state.realm.message_edit.can_move_messages_between_topics_group = members;
    const denied = await call(server, member, 'PATCH', `/messages/${id}`, { topic: 'new' });
    expect(denied.body.msg).toBe("You don't have permission to edit this message");
    // Resolving has its own group, everyone by default.
    await ok(server, member, 'PATCH', `/messages/${id}`, { topic: '✔ old' });
    server.state.realm.message_edit.can_move_messages_between_topics_group =
      server.state.systemGroup('role:everyone')?.id ?? 0;
    await clock.advance(8 * 86400 * 1000);
    const late = await call(server, member, 'PATCH', `/messages/${id}`, { topic: 'new' });
    expect(late.body.msg).toBe("The time limit for editing this message's topic has passed.");
    await ok(server, moderator, 'PATCH', `/messages/${id}`, { topic: 'new' });
    expect((await fetchOne(member, id))?.subject).toBe('new');
  });

  it('answers how much of a topic a user may move when older messages are past the limit', async () => {
    const { member } = await setup();
    const old = await send(server, member, 'general', 'old', 't');
    await clock.advance(8 * 86400 * 1000);
    const recent = await send(server, member, 'general', 'recent', 't');
    const r = await call(server, member, 'PATCH', `/messages/${recent}`, {
      topic: 'u',
      propagate_mode: 'change_all',
    });
    expect(r.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: 'You only have permission to move the 1/2 most recent messages in this topic.',
      first_message_id_allowed_to_move: recent,
    });
    expect((await fetchOne(member, old))?.subject).toBe('t');
  });

  it('moves a topic to another channel: readers there see it, those who lose it get a deletion', async () => {
    const { owner, member, member2 } = await setup();
    const id = await send(server, member, 'general', 'secret plans', 'plans');
    const qOwner = await queue(owner, ['update_message', 'delete_message']);
    const qMember2 = await queue(member2, ['update_message', 'delete_message']);
    const leadership = 3;
    const denied = await call(server, member, 'PATCH', `/messages/${id}`, {
      stream_id: leadership,
    });
    expect(denied.body.msg).toBe('Invalid channel ID');
    await ok(server, owner, 'PATCH', `/messages/${id}`, {
      stream_id: leadership,
      propagate_mode: 'change_all',
    });
    expect((await fetchOne(owner, id))?.stream_id).toBe(leadership);
    expect(await fetchOne(member2, id)).toBeUndefined();
    expect(await pending(server, owner, qOwner)).toMatchObject([
      { type: 'update_message', stream_id: 1, new_stream_id: leadership, message_ids: [id] },
    ]);
    expect(await pending(server, member2, qMember2)).toMatchObject([
      { type: 'delete_message', message_ids: [id], stream_id: 1, topic: 'plans' },
    ]);
  });

  it('refuses a channel move to someone outside the group allowed to move between channels', async () => {
    const { member } = await setup();
    const id = await send(server, member, 'general', 'a');
    server.state.realm.message_edit.can_move_messages_between_channels_group =
      server.state.systemGroup('role:administrators')?.id ?? 0;
    const r = await call(server, member, 'PATCH', `/messages/${id}`, { stream_id: 2 });
    expect(r.body.msg).toBe("You don't have permission to move this message");
  });
});

describe('DELETE /messages/{message_id}', () => {
  it('lets a sender delete their own message and tells every reader', async () => {
    const { member, member2 } = await setup();
    const id = await send(server, member, 'general', 'oops');
    const q = await queue(member2, ['delete_message']);
    await ok(server, member, 'DELETE', `/messages/${id}`);
    expect(await fetchOne(member2, id)).toBeUndefined();
    expect(await pending(server, member2, q)).toMatchObject([
      {
        type: 'delete_message',
        message_ids: [id],
        message_type: 'stream',
        stream_id: 1,
        topic: 't',
      },
    ]);
    const again = await call(server, member, 'DELETE', `/messages/${id}`);
    expect(again.body.msg).toBe('Invalid message(s)');
  });

  it('refuses others’ messages to members and lets administrators delete them', async () => {
    const { owner, member, member2 } = await setup();
    const id = await send(server, member, 'general', 'hello');
    const r = await call(server, member2, 'DELETE', `/messages/${id}`);
    expect(r.body.msg).toBe("You don't have permission to delete this message");
    await ok(server, owner, 'DELETE', `/messages/${id}`);
  });

  it('holds senders to the delete time limit', async () => {
    const { member } = await setup();
    server.state.realm.message_edit.message_content_delete_limit_seconds = 60;
    const id = await send(server, member, 'general', 'hello');
    await clock.advance(120_000);
    const r = await call(server, member, 'DELETE', `/messages/${id}`);
    expect(r.body.msg).toBe('The time limit for deleting this message has passed');
  });
});

describe('register', () => {
  it('tells clients the organization’s edit rules', async () => {
    const { member } = await setup();
    const r = await ok(server, member, 'POST', '/register', { fetch_event_types: ['realm'] });
    expect(r).toMatchObject({
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_can_delete_own_message_group: server.state.systemGroup('role:everyone')?.id,
    });
  });
});

describe('POST /messages/flags/narrow', () => {
  it('marks a topic unread from one message on and tells the user’s other clients', async () => {
    const { member, member2 } = await setup();
    const ids: number[] = [];
    for (const text of ['a', 'b', 'c']) ids.push(await send(server, member2, 'general', text, 'x'));
    await ok(server, member, 'POST', '/messages/flags', { messages: ids, op: 'add', flag: 'read' });
    const q = await queue(member, ['update_message_flags']);
    const r = await ok(server, member, 'POST', '/messages/flags/narrow', {
      anchor: ids[1],
      include_anchor: true,
      num_before: 0,
      num_after: 1000,
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'x' },
      ],
      op: 'remove',
      flag: 'read',
    });
    expect(r).toMatchObject({ processed_count: 2, updated_count: 2, first_processed_id: ids[1] });
    const flags = await Promise.all(ids.map(async (id) => (await fetchOne(member, id))?.flags));
    expect(flags.map((f) => f?.includes('read'))).toEqual([true, false, false]);
    expect(await pending(server, member, q)).toMatchObject([
      { type: 'update_message_flags', op: 'remove', flag: 'read', messages: [ids[1], ids[2]] },
    ]);
  });
});
