/**
 * Channels through the Core over real HTTP: the channel directory built from register and kept
 * by events (subscribe, unsubscribe, counts, another device's settings, the global setting
 * "inherit" follows, the organization's creation policy), and the calls the channel browser and
 * menu make.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/contract/contract.ts';
import type {
  ChannelRowWire,
  ChannelsChangedWire,
} from '../../../../src/contract/schemas/channels.ts';
import { useCoreAndServer } from '../../support/core-server.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';

type Directory = Result<'channels.directory'>;

describe('channel directory', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });

  const directory = (accountId: string) => t.call<Directory>('channels.directory', { accountId });
  const row = (d: Directory, name: string) => d.channels.find((c) => c.name === name);
  /** The newest pushed row of a channel, as the browser would hold it. */
  function pushedRow(accountId: string, name: string): ChannelRowWire | undefined {
    return changes(accountId)
      .flatMap((c) => c.rows)
      .findLast((x) => x.name === name);
  }
  const changes = (accountId: string) =>
    t.pushed
      .filter((p) => p.topic === 'channels.changed')
      .map((p) => p.payload as ChannelsChangedWire)
      .filter((c) => c.accountId === accountId);

  it('lists what the user can see with descriptions, counts and their state; subscribing and leaving follow the events', async () => {
    const moderator = byEmail(t.server, 'moderator');
    const member = byEmail(t.server, 'member');
    const modId = await t.signIn(moderator, { listening: true });
    const memberId = await t.signIn(member, { listening: true });

    const mine = await directory(modId);
    expect(mine.channels.map((c) => c.name)).toEqual(['development', 'general', 'leadership']);
    expect(row(mine, 'general')).toMatchObject({
      state: 'subscribed',
      descriptionHtml: '<p>Everyone</p>',
      subscriberCount: 6,
    });
    expect(row(mine, 'development')).toMatchObject({
      state: 'not-subscribed',
      subscriberCount: 4,
      canRejoin: true,
    });
    expect(row(mine, 'development')?.subscription).toBeUndefined();
    expect(row(mine, 'leadership')).toMatchObject({
      state: 'subscribed',
      inviteOnly: true,
      canRejoin: false,
    });
    expect(mine.creation).toMatchObject({ publicAllowed: true, privateAllowed: true });
    // A member sees no private channel they are not in.
    expect((await directory(memberId)).channels.map((c) => c.name)).toEqual([
      'development',
      'general',
    ]);

    await t.call('channels.subscribe', {
      accountId: modId,
      streamId: row(mine, 'development')!.streamId,
    });
    await expect
      .poll(() => pushedRow(modId, 'development'))
      .toMatchObject({
        state: 'subscribed',
        subscriberCount: 5,
        subscription: { isMuted: false, pinToTop: false },
      });
    // The other user's directory counts the new subscriber from peer_add.
    await expect
      .poll(() => pushedRow(memberId, 'development'))
      .toMatchObject({
        state: 'subscribed',
        subscriberCount: 5,
      });

    const leadership = row(mine, 'leadership')!.streamId;
    await t.call('channels.unsubscribe', { accountId: modId, streamId: leadership });
    await expect.poll(() => changes(modId).some((c) => c.removed.includes(leadership))).toBe(true);
    expect(row(await directory(modId), 'leadership')).toBeUndefined();
  });

  it("after subscribing then leaving, the count shown is the server's, for the user and for others", async () => {
    const moderator = byEmail(t.server, 'moderator');
    const member = byEmail(t.server, 'member');
    const modId = await t.signIn(moderator, { listening: true });
    const memberId = await t.signIn(member, { listening: true });
    const streamId = row(await directory(modId), 'development')!.streamId;
    expect(row(await directory(memberId), 'development')?.subscriberCount).toBe(4);
    const serverCount = async () =>
      ((await ok(t.server, member, 'GET', `/streams/${streamId}/members`)).subscribers as number[])
        .length;

    await t.call('channels.subscribe', { accountId: modId, streamId });
    await expect.poll(() => pushedRow(modId, 'development')?.state).toBe('subscribed');
    await t.call('channels.unsubscribe', { accountId: modId, streamId });
    await expect.poll(() => pushedRow(modId, 'development')?.state).toBe('not-subscribed');
    await expect.poll(() => pushedRow(memberId, 'development')?.subscriberCount).toBe(4);

    const count = await serverCount();
    expect(count).toBe(4);
    expect(row(await directory(modId), 'development')?.subscriberCount).toBe(count);
    expect(row(await directory(memberId), 'development')?.subscriberCount).toBe(count);
  });

  it("another device's colour, mute and override arrive as pushed rows; a global setting changes what inherit means", async () => {
    const member = byEmail(t.server, 'member');
    const id = await t.signIn(member, { listening: true });
    const general = row(await directory(id), 'general')!;
    expect(general.subscription?.notify.desktop_notifications).toBeNull();

    await ok(t.server, member, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: general.streamId, property: 'color', value: '#123456' },
        { stream_id: general.streamId, property: 'is_muted', value: true },
        { stream_id: general.streamId, property: 'desktop_notifications', value: false },
      ],
    });
    await expect
      .poll(() => pushedRow(id, 'general'))
      .toMatchObject({
        subscription: { color: '#123456', isMuted: true, notify: { desktop_notifications: false } },
      });

    const before = (await directory(id)).notifyDefaults.audible_notifications;
    await ok(t.server, member, 'PATCH', '/settings', {
      enable_stream_audible_notifications: !before,
    });
    await expect
      .poll(() =>
        t.pushed
          .filter((p) => p.topic === 'channels.changed')
          .map((p) => (p.payload as ChannelsChangedWire).meta.notifyDefaults.audible_notifications)
          .at(-1),
      )
      .toBe(!before);
  });

  it('pin and colour set through the Core reach the server and come back', async () => {
    const member = byEmail(t.server, 'member');
    const id = await t.signIn(member, { listening: true });
    const dev = row(await directory(id), 'development')!;
    await t.call('channels.setProperty', {
      accountId: id,
      streamId: dev.streamId,
      property: 'pin_to_top',
      value: true,
    });
    await t.call('channels.setProperty', {
      accountId: id,
      streamId: dev.streamId,
      property: 'color',
      value: '#abcdef',
    });
    const sub = t.server.state.subscription(member.user_id, dev.streamId)!;
    expect(sub.pin_to_top).toBe(true);
    expect(sub.color).toBe('#abcdef');
    await expect
      .poll(() => pushedRow(id, 'development'))
      .toMatchObject({
        subscription: { pinToTop: true, color: '#abcdef' },
      });
  });

  it('creates channels where the organization allows; a limit set meanwhile is followed and explained', async () => {
    const member = byEmail(t.server, 'member');
    const admin = byEmail(t.server, 'admin');
    const id = await t.signIn(member, { listening: true });
    await directory(id);
    await t.call('channels.create', {
      accountId: id,
      name: 'book-club',
      description: 'Monthly **reads**',
      private: false,
    });
    await expect
      .poll(() => pushedRow(id, 'book-club'))
      .toMatchObject({
        state: 'subscribed',
        inviteOnly: false,
        descriptionHtml: '<p>Monthly <strong>reads</strong></p>',
      });
    const taken = await t.core.invoke('channels.create', {
      accountId: id,
      name: 'Book-Club',
      description: '',
      private: false,
    });
    expect(taken).toMatchObject({
      ok: false,
      error: { message: 'A channel named #book-club already exists.' },
    });

    const admins = t.server.state.systemGroup('role:administrators')!.id;
    await ok(t.server, admin, 'PATCH', '/realm', { can_create_private_channel_group: admins });
    await expect
      .poll(async () => (await directory(id)).creation)
      .toEqual({
        publicAllowed: true,
        publicWho: 'members',
        privateAllowed: false,
        privateWho: 'administrators',
        // The reference server has no spectator access: web-public is never offered.
        webPublicOffered: false,
        webPublicAllowed: false,
        webPublicWho: 'nobody',
      });
    const refused = await t.core.invoke('channels.create', {
      accountId: id,
      name: 'hush',
      description: '',
      private: true,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'In this organization only administrators may create private channels.' },
    });
    expect(t.server.state.channelByName('hush')).toBeUndefined();
  });
});
