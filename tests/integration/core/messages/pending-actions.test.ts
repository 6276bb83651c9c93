/**
 * Actions whose answer is lost, settled by the Core's pending-actions keeper against the
 * reference server through a gate that cuts an answer after the server applied the request,
 * or drops the request before it arrives. A widget's change (POST /submessage) is read back
 * from the message's submessages; a read-back that cannot reach the server is asked again
 * when the account's event queue is answered, and what it found is pushed on
 * `actions.settled`.
 */
import { describe, expect, it } from 'vitest';
import type { Payload } from '../../../../src/contract/contract.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { useCoreThroughGate } from '../../support/core-through-gate.ts';

const t = useCoreThroughGate();
const { call, signIn } = t;

const settled = () =>
  t.pushed
    .filter((p) => p.topic === 'actions.settled')
    .map((p) => p.payload as Payload<'actions.settled'>);

/** The member's widget events on the message (after its head), as the server holds them. */
async function votes(messageId: number): Promise<string[]> {
  const member = byEmail(t.server, 'member');
  const r = await ok(t.server, member, 'GET', `/messages/${messageId}`, {});
  const subs = (r.message as { submessages: { sender_id: number; content: string }[] }).submessages;
  return subs
    .slice(1)
    .filter((s) => s.sender_id === member.user_id)
    .map((s) => s.content);
}

const VOTE = JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 });

async function poll() {
  const member = byEmail(t.server, 'member');
  const accountId = await signIn(member);
  const messageId = await send(t.server, member, 'general', '/poll Lunch?\nNoodles\nTacos', 'food');
  return { accountId, messageId };
}

describe('a widget change whose answer is lost', () => {
  it('is read back and taken as counted when the server has it, once', async () => {
    const { accountId, messageId } = await poll();
    t.gate.cutAnswer = (seen) => seen === 'POST /api/v1/submessage';

    await call('messages.submessage', { accountId, messageId, content: VOTE });
    expect(await votes(messageId)).toEqual([VOTE]);
    await expect.poll(() => settled()).toHaveLength(1);
    expect(settled()[0]).toMatchObject({ messageId, applied: true, told: true });
    expect(settled()[0]?.sentence).toBe(
      'Your vote on your message in #general › food was made after all.',
    );
  });

  it('is reported with Retry when the server never got it, and Retry counts it once', async () => {
    const { accountId, messageId } = await poll();
    t.gate.drop = (seen) => seen === 'POST /api/v1/submessage';

    const r = await t.core.invoke('messages.submessage', { accountId, messageId, content: VOTE });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      'The connection broke off before the server took the change. Try again.',
    );
    await expect.poll(() => settled()).toHaveLength(1);
    const [outcome] = settled();
    expect(outcome).toMatchObject({ messageId, applied: false, told: true });
    expect(outcome?.sentence).toBe(
      'Your vote on your message in #general › food could not be confirmed; it is not counted.',
    );
    expect(await votes(messageId)).toEqual([]);

    t.gate.drop = undefined;
    await call('actions.retry', { id: outcome!.id });
    expect(await votes(messageId)).toEqual([VOTE]);
    expect(t.gate.seen.filter((s) => s === 'POST /api/v1/submessage')).toHaveLength(2);
  });

  it('a task checked twice is told apart: the second, lost, is not taken for the first', async () => {
    const member = byEmail(t.server, 'member');
    const accountId = await signIn(member);
    const messageId = await send(t.server, member, 'general', '/todo Release\nTag', 'ship');
    const strike = JSON.stringify({ type: 'strike', key: '0,canned' });
    await call('messages.submessage', { accountId, messageId, content: strike });

    // Unchecking sends the same content again; it never reaches the server.
    t.gate.drop = (seen) => seen === 'POST /api/v1/submessage';
    const r = await t.core.invoke('messages.submessage', { accountId, messageId, content: strike });
    expect(r.ok).toBe(false);
    await expect.poll(() => settled()).toHaveLength(1);
    expect(settled()[0]).toMatchObject({ applied: false });
    expect(settled()[0]?.sentence).toContain('the task is as it was');
    expect(await votes(messageId)).toEqual([strike]);
  });
});

describe('a read-back that cannot reach the server', () => {
  it('is asked again once the account’s queue is answered, and settled then', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await signIn(member);
    const messageId = await send(t.server, member, 'general', 'star me later', 'faults');
    const readBack = `GET /api/v1/messages/${messageId}`;
    t.gate.cutAnswer = (seen) => seen === 'POST /api/v1/messages/flags';
    t.gate.drop = (seen) => seen === readBack;

    const r = await t.core.invoke('messages.star', { accountId, messageId, starred: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('Perch could not check whether the server made the change');
    expect(settled()).toEqual([]);

    // The server is asked again only after its queue answered: an event ends the long-poll.
    t.gate.drop = undefined;
    const asked = t.gate.seen.filter((s) => s === readBack).length;
    await send(t.server, owner, 'general', 'an event for the queue', 'elsewhere');
    await expect.poll(() => settled()).toHaveLength(1);
    expect(settled()[0]).toMatchObject({ messageId, applied: true, told: false });
    expect(settled()[0]?.sentence).toBe(
      'Your star on your message in #general › faults was made after all.',
    );
    expect(t.gate.seen.filter((s) => s === readBack).length).toBeGreaterThan(asked);
  });
});
