/**
 * Presence and statuses, the Core's side: a signed-in account reports presence to the reference
 * server on the server's ping interval ("active" while a window is active, "idle" otherwise,
 * nothing when presence_enabled is off), shows others' presence and statuses, and sets the
 * user's status. Core and server share a manual clock: no sleeps.
 */
import { describe, expect, it } from 'vitest';
import type { PresenceSnapshot } from '../../../../src/contract/schemas/presence.ts';
import { presenceOf } from '../../../../src/server/presence/store.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';
import { useCoreAndServer } from '../../support/core-server.ts';

describe('presence reporting from the Core', () => {
  const t = useCoreAndServer({ server: { rateLimit: false }, manualClock: true });

  const serverSees = (local: string) => {
    const record = presenceOf(t.server.state).byUser.get(byEmail(t.server, local).user_id);
    if (!record) return 'nothing';
    return record.active === record.connected ? 'active' : 'idle';
  };
  const snapshot = async (accountId: string) =>
    (await t.call('presence.get', { accountId })) as PresenceSnapshot;
  const personIn = async (accountId: string, local: string) =>
    (await snapshot(accountId)).people.find((p) => p.userId === byEmail(t.server, local).user_id);

  it('reports idle while the window is open, active once it is in use, idle again after, and nothing once closed', async () => {
    const accountId = await t.signIn(byEmail(t.server, 'member'), { listening: true });
    await t.clock.advance(60_000);
    expect(serverSees('member')).toBe('nothing');
    await t.call('presence.window', { state: 'idle' });
    await expect.poll(() => serverSees('member')).toBe('idle');
    await t.call('presence.window', { state: 'active' });
    await expect.poll(() => serverSees('member')).toBe('active');
    await t.call('presence.window', { state: 'idle' });
    await t.clock.advance(60_000);
    await expect.poll(() => serverSees('member')).toBe('idle');
    // Shown active until the last active report is older than the 140 s threshold.
    expect((await personIn(accountId, 'member'))?.presence).toBe('active');
    await t.clock.advance(90_000);
    await expect.poll(async () => (await personIn(accountId, 'member'))?.presence).toBe('idle');
    // Closed: no more reports; the server's record ages past the threshold.
    await t.call('presence.window', { state: 'closed' });
    const last = presenceOf(t.server.state).byUser.get(byEmail(t.server, 'member').user_id);
    await t.clock.advance(300_000);
    expect(presenceOf(t.server.state).byUser.get(byEmail(t.server, 'member').user_id)).toBe(last);
  });

  it("shows another user's presence as they come online and as it ages past the offline threshold", async () => {
    const accountId = await t.signIn(byEmail(t.server, 'member'), { listening: true });
    const other = byEmail(t.server, 'member2');
    await ok(t.server, other, 'POST', '/users/me/presence', { status: 'active', ping_only: true });
    // The presence event arrives on the account's queue.
    await expect.poll(async () => (await personIn(accountId, 'member2'))?.presence).toBe('active');
    expect(t.pushed.some((p) => p.topic === 'presence.changed')).toBe(true);
    await t.clock.advance(150_000);
    await expect.poll(async () => (await personIn(accountId, 'member2'))?.presence).toBe('offline');
  });

  it('reports nothing while the user has presence_enabled off', async () => {
    const member = byEmail(t.server, 'member');
    await ok(t.server, member, 'PATCH', '/settings', { presence_enabled: false });
    const accountId = await t.signIn(member, { listening: true });
    await t.call('presence.window', { state: 'active' });
    await t.clock.advance(120_000);
    await expect.poll(async () => (await snapshot(accountId)).presenceEnabled).toBe(false);
    expect(serverSees('member')).toBe('nothing');
  });

  it('sets and clears the user’s status, which the account then shows', async () => {
    const accountId = await t.signIn(byEmail(t.server, 'member'), { listening: true });
    const me = byEmail(t.server, 'member');
    await t.call('status.set', { accountId, statusText: 'Out to lunch', emojiName: 'car' });
    await expect
      .poll(async () => (await personIn(accountId, 'member'))?.status)
      .toEqual({
        statusText: 'Out to lunch',
        emojiName: 'car',
        emojiCode: '1f697',
        reactionType: 'unicode_emoji',
      });
    const seen = await ok(
      t.server,
      byEmail(t.server, 'owner'),
      'GET',
      `/users/${me.user_id}/status`,
    );
    expect(seen.status).toMatchObject({ status_text: 'Out to lunch' });
    await t.call('status.set', { accountId, statusText: '', emojiName: '' });
    await expect.poll(async () => (await personIn(accountId, 'member'))?.status ?? null).toBe(null);
  });
});
