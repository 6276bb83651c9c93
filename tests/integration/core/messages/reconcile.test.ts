/**
 * Issue 21 point 2: a message action whose answer is lost. The gate forwards the request,
 * lets the server apply it, then cuts the answer: the Core reads the message back and
 * reports the change made, and a try again does not undo or double it. A request dropped
 * before the server saw it is reported as not made, in words, with the raw error only in the
 * details.
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
