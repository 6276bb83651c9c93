/**
 * The message window's sidebar comes from what the Core already holds. Its first showing
 * fetches subscriptions, folders and recent conversations; after that incoming messages reach
 * it through events alone (no request besides the long-poll), while a change the kept lists
 * cannot follow (a new subscription) makes the next sidebar fetch afresh.
 */
import { describe, expect, it } from 'vitest';
import type { Sidebar } from '../../../../src/contract/schemas/messages.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { useCoreThroughGate } from '../../support/core-through-gate.ts';

const t = useCoreThroughGate();
const { call, signIn } = t;

const sidebar = (accountId: string) => call<Sidebar>('messages.sidebar', { accountId });
/** Every request but the connection's own (the long-poll and its live checks) since `from`. */
const requestsSince = (from: number) =>
  t.gate.seen
    .slice(from)
    .filter((r) => r !== 'GET /api/v1/events' && r !== 'GET /api/v1/server_settings');

describe('the sidebar kept by the Core', () => {
  it('follows incoming messages without a request, and fetches again after a new subscription', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await signIn(member);
    const first = await sidebar(accountId);
    expect(first.channels.map((c) => c.name)).toContain('general');

    const mark = t.gate.seen.length;
    for (let i = 0; i < 5; i++) await send(t.server, owner, 'general', `news ${i}`, 'fresh news');
    await send(t.server, owner, [member.user_id], 'psst');
    // Waits for what the sidebar shows once every event is in, asking it again and again.
    await expect
      .poll(async () => {
        const s = await sidebar(accountId);
        return [s.channels.find((c) => c.name === 'general')?.topics[0], s.conversations[0]];
      })
      .toMatchObject([
        { name: 'fresh news', unread: 5 },
        { names: [owner.full_name], unread: 1 },
      ]);
    expect(requestsSince(mark)).toEqual([]);

    // Joining a channel elsewhere: the kept subscriptions cannot say so, a fetch can.
    const joined = `joined ${Date.now()}`;
    await ok(t.server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: joined }]),
    });
    await expect
      .poll(async () => (await sidebar(accountId)).channels.map((c) => c.name))
      .toContain(joined);
    expect(requestsSince(mark)).toContain('GET /api/v1/users/me/subscriptions');
  });

  it('lists topics newest first: a message moves its topic up, reading it does not move it', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    const accountId = await signIn(member);
    const order = async () =>
      (await sidebar(accountId)).channels
        .find((c) => c.name === 'general')!
        .topics.filter((x) => /^order /i.test(x.name))
        .map((x) => `${x.name.toLowerCase()}:${x.unread}`);
    const first = await send(t.server, owner, 'general', 'one', 'order a');
    await send(t.server, owner, 'general', 'two', 'order b');
    await send(t.server, owner, 'general', 'three', 'order c');
    await expect.poll(order).toEqual(['order c:1', 'order b:1', 'order a:1']);

    // A newer message in the oldest topic: it comes first, whatever its name or count.
    await send(t.server, owner, 'general', 'four', 'Order A');
    await expect.poll(order).toEqual(['order a:2', 'order c:1', 'order b:1']);

    // Read elsewhere: counts go, places stay.
    await ok(t.server, member, 'POST', '/messages/flags', {
      messages: JSON.stringify([first, first + 1, first + 2, first + 3]),
      op: 'add',
      flag: 'read',
    });
    await expect.poll(order).toEqual(['order a:0', 'order c:0', 'order b:0']);
  });
});
