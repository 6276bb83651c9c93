import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../src/api/errors.ts';
import {
  getUserGroupMembers,
  getUserGroups,
  isUserGroupMember,
  updateUserGroupMembers,
} from '../../../src/api/routes/user-groups.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('user groups', () => {
  const h = useServer();

  async function groupId(client: ApiClient, name: string): Promise<number> {
    const { data } = await getUserGroups(client);
    const group = data.user_groups.find((g) => g.name === name);
    if (!group) throw new Error(`no group ${name}`);
    return group.id;
  }

  it('lists groups with their members and subgroups', async () => {
    const client = h.as(ROLE.member);
    const { data } = await getUserGroups(client);
    const support = data.user_groups.find((g) => g.name === 'support');
    const leads = data.user_groups.find((g) => g.name === 'support-leads');
    expect(support?.members).toContain(humanWithRole(h.server, ROLE.member).user_id);
    expect(support?.direct_subgroup_ids).toContain(leads?.id);
  });

  it('lists the members of one group', async () => {
    const client = h.as(ROLE.member);
    const { data } = await getUserGroupMembers(client, await groupId(client, 'support-leads'));
    expect(data.members).toEqual([humanWithRole(h.server, ROLE.moderator).user_id]);
  });

  it('counts membership through a subgroup unless direct_member_only is set', async () => {
    const client = h.as(ROLE.member);
    const support = await groupId(client, 'support');
    const moderator = humanWithRole(h.server, ROLE.moderator).user_id;
    expect((await isUserGroupMember(client, support, moderator)).data.is_user_group_member).toBe(
      true,
    );
    const direct = await isUserGroupMember(client, support, moderator, {
      direct_member_only: true,
    });
    expect(direct.data.is_user_group_member).toBe(false);
  });

  it('adds and removes members and subgroups', async () => {
    const admin = h.as(ROLE.admin);
    const leads = await groupId(admin, 'support-leads');
    const other = humanWithRole(h.server, ROLE.member, 1).user_id;
    await updateUserGroupMembers(admin, leads, { add: [other] });
    expect((await isUserGroupMember(admin, leads, other)).data.is_user_group_member).toBe(true);
    await updateUserGroupMembers(admin, leads, { delete: [other] });
    expect((await isUserGroupMember(admin, leads, other)).data.is_user_group_member).toBe(false);
  });

  it('refuses a deactivated user as a new member', async () => {
    const admin = h.as(ROLE.admin);
    const former = h.server.deactivatedUsers[0];
    if (!former) throw new Error('the fixed organization has a deactivated member');
    const error = await failure(
      updateUserGroupMembers(admin, await groupId(admin, 'support'), { add: [former.user_id] }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
