/**
 * A message action whose answer is lost. The gate forwards the request, lets the server apply
 * it, then cuts the answer: the Core reads the message back and reports the change made, and a
 * try again does not undo or double it. A request dropped before the server saw it is reported
 * as not made, in words, with the raw error only in the details.
 */
import { describe, expect, it } from 'vitest';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { useCoreThroughGate } from '../../support/core-through-gate.ts';

const t = useCoreThroughGate();
const { call, signIn } = t;

/** The message as the server holds it for the member. */
async function onServer(messageId: number) {
  const r = await ok(t.server, byEmail(t.server, 'member'), 'GET', `/messages/${messageId}`, {
    apply_markdown: false,
  });
  return {
    raw: r.raw_content as string,
    ...(r.message as { flags: string[]; subject: string; reactions: { emoji_code: string }[] }),
  };
}

async function setUp() {
  const member = byEmail(t.server, 'member');
  const accountId = await signIn(member);
  const messageId = await send(t.server, member, 'general', 'first words', 'faults');
  return { accountId, messageId };
}

describe('message actions whose answer is lost', () => {
  it('star, react, edit and move report what the server applied, once', async () => {
    const { accountId, messageId } = await setUp();
    t.gate.cutAnswer = (seen) => seen !== 'GET /api/v1/events' && !seen.startsWith('GET ');

    await call('messages.star', { accountId, messageId, starred: true });
    expect((await onServer(messageId)).flags).toContain('starred');

    const tada = { emojiName: 'tada', emojiCode: '1f389', reactionType: 'unicode_emoji' };
    await call('messages.react', { accountId, messageId, op: 'add', ...tada });
    // The user's try again after the lost answer: done, and still one reaction.
    await call('messages.react', { accountId, messageId, op: 'add', ...tada });
    expect((await onServer(messageId)).reactions.map((r) => r.emoji_code)).toEqual(['1f389']);

    await call('messages.edit', { accountId, messageId, content: 'second words' });
    await call('messages.edit', { accountId, messageId, topic: 'moved on' });
    const now = await onServer(messageId);
    expect([now.raw, now.subject]).toEqual(['second words', 'moved on']);
    // Every write went out once; the answers were cut.
    expect(t.gate.seen.filter((s) => s.startsWith('PATCH '))).toHaveLength(2);
  });

  it('a request the server never saw is reported as not made, in words', async () => {
    const { accountId, messageId } = await setUp();
    t.gate.drop = (seen) => seen === 'POST /api/v1/messages/flags';

    const r = await t.core.invoke('messages.star', { accountId, messageId, starred: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      'The connection broke off before the server took the change. Try again.',
    );
    expect(r.error.message).not.toMatch(/network|POST/);
    expect(String(r.error.details?.['cause'])).toMatch(/^POST \/messages\/flags: network /);
    expect((await onServer(messageId)).flags).not.toContain('starred');

    // Try again, the connection back: starred.
    t.gate.drop = undefined;
    await call('messages.star', { accountId, messageId, starred: true });
    expect((await onServer(messageId)).flags).toContain('starred');
  });
});

describe('topic and channel settings whose answer is lost', () => {
  it('follow and mute are read back from the server and reported as made', async () => {
    const { accountId } = await setUp();
    const member = byEmail(t.server, 'member');
    const general = [...t.server.state.channels.values()].find((c) => c.name === 'general')!;
    t.gate.cutAnswer = (seen) =>
      seen === 'POST /api/v1/user_topics' ||
      seen === 'POST /api/v1/users/me/subscriptions/properties';

    await call('inbox.setTopicPolicy', {
      accountId,
      streamId: general.stream_id,
      topic: 'faults',
      policy: 3,
    });
    await call('inbox.muteChannel', { accountId, streamId: general.stream_id, muted: true });
    // Both went out, lost their answers, and were read back.
    expect(t.gate.seen).toEqual(
      expect.arrayContaining([
        'POST /api/v1/user_topics',
        'POST /api/v1/users/me/subscriptions/properties',
        'GET /api/v1/users/me/subscriptions',
      ]),
    );

    const state = await ok(t.server, member, 'POST', '/register', {
      fetch_event_types: JSON.stringify(['user_topic', 'subscription']),
    });
    const topics = state.user_topics as { topic_name: string; visibility_policy: number }[];
    expect(topics.find((x) => x.topic_name === 'faults')?.visibility_policy).toBe(3);
    const subs = state.subscriptions as { stream_id: number; is_muted: boolean }[];
    expect(subs.find((s) => s.stream_id === general.stream_id)?.is_muted).toBe(true);
  });
});

describe('read and unread marks whose answer is lost', () => {
  const topicNarrow = [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'faults' },
  ];

  /** Three messages from the owner in the member's topic, all already read by the member. */
  async function readTopic() {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await signIn(member);
    const ids: number[] = [];
    for (const words of ['one', 'two', 'three'])
      ids.push(await send(t.server, owner, 'general', words, 'faults'));
    await ok(t.server, member, 'POST', '/messages/flags', {
      messages: ids,
      op: 'add',
      flag: 'read',
    });
    return { accountId, ids };
  }
  const unreadOnServer = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => !(await onServer(id)).flags.includes('read')));

  it('mark unread from a message is read back and reported as made, once', async () => {
    const { accountId, ids } = await readTopic();
    t.gate.cutAnswer = (seen) => seen === 'POST /api/v1/messages/flags/narrow';

    const r = await call<{ count: number | null }>('messages.unreadFrom', {
      accountId,
      messageId: ids[1],
      narrow: topicNarrow,
    });
    // Made, though how many changed went with the lost answer.
    expect(r).toEqual({ count: null });
    expect(await unreadOnServer(ids)).toEqual([false, true, true]);
    expect(t.gate.seen.filter((s) => s === 'POST /api/v1/messages/flags/narrow')).toHaveLength(1);
  });

  it('mark unread that never reached the server says so, and Try again makes it', async () => {
    const { accountId, ids } = await readTopic();
    t.gate.drop = (seen) => seen === 'POST /api/v1/messages/flags/narrow';
    const args = { accountId, messageId: ids[1], narrow: topicNarrow };

    const r = await t.core.invoke('messages.unreadFrom', args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      'The connection broke off before the server took the change. Try again.',
    );
    expect(await unreadOnServer(ids)).toEqual([false, false, false]);

    t.gate.drop = undefined;
    expect(await call('messages.unreadFrom', args)).toEqual({ count: 2 });
    expect(await unreadOnServer(ids)).toEqual([false, true, true]);
  });

  it('marking seen messages read is read back after a lost answer', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await signIn(member);
    const ids = [
      await send(t.server, owner, 'general', 'seen one', 'faults'),
      await send(t.server, owner, 'general', 'seen two', 'faults'),
    ];

    t.gate.drop = (seen) => seen === 'POST /api/v1/messages/flags';
    const dropped = await t.core.invoke('messages.markRead', { accountId, messageIds: ids });
    expect(dropped.ok).toBe(false);
    if (dropped.ok) return;
    expect(dropped.error.message).toBe(
      'The connection broke off before the server took the change. Try again.',
    );
    expect(await unreadOnServer(ids)).toEqual([true, true]);

    t.gate.drop = undefined;
    t.gate.cutAnswer = (seen) => seen === 'POST /api/v1/messages/flags';
    await call('messages.markRead', { accountId, messageIds: ids });
    expect(await unreadOnServer(ids)).toEqual([false, false]);
  });
});
