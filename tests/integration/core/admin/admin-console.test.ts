/**
 * The admin console's panels through the Core over real HTTP: what an owner sees in the
 * people, channels, groups and invitation lists, and that each change shows in the list
 * read next, as the server keeps it.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/contract/contract.ts';
import type { OrgContext } from '../../../../src/contract/schemas/admin-org.ts';
import { useCoreAndServer } from '../../support/core-server.ts';

describe('the admin console as an owner', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const human = (role: number) => t.server.users.find((u) => u.role === role && !u.is_bot)!;

  it('lists people with their roles and knows who is asking', async () => {
    const accountId = await t.signIn(human(100));
    const list = await t.call<Result<'adminUsers.list'>>('adminUsers.list', { accountId });
    expect(list.me).toEqual({ userId: human(100).user_id, role: 100 });
    expect(list.users).toContainEqual(
      expect.objectContaining({ userId: human(400).user_id, fullName: human(400).full_name }),
    );
  });

  it('creates a channel with the owner subscribed, then archives it', async () => {
    const accountId = await t.signIn(human(100));
    const name = 'admin console test';
    await t.call('adminChannels.create', { accountId, name, description: '', isPrivate: true });
    const listed = async () =>
      (
        await t.call<Result<'adminChannels.list'>>('adminChannels.list', { accountId })
      ).channels.find((c) => c.name === name);
    const created = await listed();
    expect(created).toMatchObject({ isPrivate: true, isArchived: false, subscriberCount: 1 });
    await t.call('adminChannels.archive', { accountId, streamId: created!.streamId });
    expect(await listed()).toMatchObject({ isArchived: true });
  });

  it('creates a group whose permissions are then listed', async () => {
    const accountId = await t.signIn(human(100));
    const { id } = await t.call<{ id: number }>('adminGroups.create', {
      accountId,
      name: 'reviewers',
      description: 'who reviews',
      members: [human(400).user_id],
    });
    const groups = await t.call<Result<'adminGroups.permissions'>>('adminGroups.permissions', {
      accountId,
    });
    expect(groups.map((g) => g.id)).toContain(id);
  });

  it('creates an invitation link listed under the owner’s name', async () => {
    const accountId = await t.signIn(human(100));
    const { linkUrl } = await t.call<{ linkUrl: string }>('adminInvites.createLink', {
      accountId,
      inviteAs: 400,
      streamIds: [],
      groupIds: [],
      includeRealmDefaultSubscriptions: true,
    });
    const { invites } = await t.call<Result<'adminInvites.list'>>('adminInvites.list', {
      accountId,
    });
    expect(invites.find((i) => i.linkUrl === linkUrl)).toMatchObject({
      isLink: true,
      invitedByName: human(100).full_name,
    });
  });

  it('reads the organization context as the owner, without archived channels', async () => {
    const accountId = await t.signIn(human(100));
    const org = await t.call<OrgContext>('adminOrg.context', { accountId });
    expect(org.role).toBe(100);
    expect(org.channels.length).toBeGreaterThan(0);
  });
});
