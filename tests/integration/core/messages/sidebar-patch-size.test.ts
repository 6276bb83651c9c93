/**
 * The Messages sidebar costs the page the same few bytes per incoming message whatever the
 * number of channels and topics it lists, and nothing at all once the view showing it has gone.
 * The member's organization holds 20, then 400 subscribed channels and 100, then 3 000 topics
 * with an unread message each; one more message arrives over the event queue, and what the Core
 * pushes for the sidebar is measured as the JSON that crosses the bridge.
 */
import { describe, expect, it } from 'vitest';
import type {
  SidebarPatchWire,
  SidebarSnapshot,
} from '../../../../src/contract/schemas/messages.ts';
import { applySidebarPatch } from '../../../../src/contract/sidebar-patch.ts';
import { addChannel, addSubscription } from '../../../../src/server/state/factory.ts';
import { byEmail, seedTopics, send } from '../../server/messaging-client.ts';
import { useCoreThroughGate } from '../../support/core-through-gate.ts';

const t = useCoreThroughGate();

/** `channels` more channels for both, and `topics` unread topics in general for the member. */
function seed(channels: number, topics: number) {
  const { server } = t;
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  for (let i = 0; i < channels; i++) {
    const c = addChannel(server.state, { name: `room ${i}`, date_created: 0 });
    addSubscription(server.state, member.user_id, c.stream_id);
    addSubscription(server.state, owner.user_id, c.stream_id);
  }
  seedTopics(server, owner, member, 'general', topics);
  return { owner, member };
}

const patches = (accountId: string) =>
  t.pushed
    .filter((p) => p.topic === 'messages.sidebarPatch')
    .map((p) => p.payload as SidebarPatchWire)
    .filter((p) => p.accountId === accountId);

/** Bytes of sidebar patches pushed for one incoming message. */
async function bytesForOneMessage(channels: number, topics: number): Promise<number> {
  const { owner, member } = seed(channels, topics);
  const accountId = await t.signIn(member);
  const shown = await t.call<SidebarSnapshot>('messages.sidebar', { accountId });
  const general = shown.channels.find((c) => c.name === 'general');
  expect(general?.topics.filter((x) => x.unread > 0)).toHaveLength(topics);
  expect(shown.channels.length).toBeGreaterThanOrEqual(channels);

  const from = patches(accountId).length;
  await send(t.server, owner, 'general', 'hello', 'the new one');
  const arrived = () =>
    patches(accountId)
      .slice(from)
      .some((p) => JSON.stringify(p.upsert).includes('the new one'));
  await expect.poll(arrived).toBe(true);
  return patches(accountId)
    .slice(from)
    .reduce((n, p) => n + Buffer.byteLength(JSON.stringify(p)), 0);
}

describe('sidebar pushes per incoming message', () => {
  it('are small for 20 channels and 100 topics', async () => {
    const small = await bytesForOneMessage(20, 100);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(2000);
  }, 60_000);

  it('carry under 2 kB for 400 channels and 3 000 topics', async () => {
    // The whole sidebar here is hundreds of kilobytes; the changed rows are well under 2.
    expect(await bytesForOneMessage(400, 3000)).toBeLessThan(2000);
  }, 120_000);

  it('bring the page’s copy to exactly the Core’s sidebar', async () => {
    const { owner, member } = seed(5, 10);
    const accountId = await t.signIn(member);
    let page = await t.call<SidebarSnapshot>('messages.sidebar', { accountId });
    const from = t.pushed.length;
    await send(t.server, owner, 'room 3', 'a new topic', 'fresh');
    await send(t.server, owner, [member.user_id], 'psst');
    await expect
      .poll(() => {
        const p = patches(accountId);
        return (
          p.some((x) => x.head.counts.dms > 0) && p.some((x) => JSON.stringify(x).includes('fresh'))
        );
      })
      .toBe(true);
    for (const p of t.pushed.slice(from)) {
      if (p.topic !== 'messages.sidebarPatch') continue;
      page = applySidebarPatch(page, p.payload as SidebarPatchWire);
    }
    // A second watcher's snapshot is the Core's sidebar as of the last patch.
    const core = await t.call<SidebarSnapshot>('messages.sidebar', { accountId });
    expect(page).toEqual(core);
    expect(page.conversations[0]).toMatchObject({ names: [owner.full_name], unread: 1 });
    expect(page.channels.find((c) => c.name === 'room 3')?.topics[0]).toMatchObject({
      name: 'fresh',
      unread: 1,
    });
  }, 60_000);

  it('stop once the view showing the sidebar has gone', async () => {
    const { owner, member } = seed(0, 0);
    const accountId = await t.signIn(member);
    await t.call('messages.sidebar', { accountId });
    await t.call('messages.sidebarUnwatch', { accountId });
    const from = patches(accountId).length;
    await send(t.server, owner, 'general', 'unseen', 'while away');
    // The Inbox, always pushed, says the message has arrived; the sidebar has said nothing.
    await expect
      .poll(() =>
        t.pushed.some(
          (p) => p.topic === 'inbox.patch' && JSON.stringify(p.payload).includes('while away'),
        ),
      )
      .toBe(true);
    expect(patches(accountId).slice(from)).toEqual([]);
  }, 60_000);
});
