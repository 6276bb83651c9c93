import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { bot, byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

async function isMember(
  group: number,
  userId: number,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const body = await ok(
    server,
    byRole(server, 400),
    'GET',
    `/user_groups/${group}/members/${userId}`,
    params,
  );
  return body.is_user_group_member;
}

function groupId(name: string): number {
  const g = [...server.state.userGroups.values()].find((x) => x.name === name);
  if (!g) throw new Error(`no group ${name}`);
  return g.id;
}

describe('user groups', () => {
  it('lists groups with members and direct subgroups', async () => {
    server = await startServer({ rateLimit: false });
    const body = await ok(server, byRole(server, 400), 'GET', '/user_groups');
    const support = (body.user_groups as Record<string, unknown>[]).find(
      (g) => g.name === 'support',
    );
    expect(support).toMatchObject({
      members: [byRole(server, 400).user_id],
      direct_subgroup_ids: [groupId('support-leads')],
    });
  });

  it('lists members through subgroups unless direct_member_only', async () => {
    server = await startServer({ rateLimit: false });
    const [member, moderator] = [byRole(server, 400), byRole(server, 300)];
    const all = await ok(server, member, 'GET', `/user_groups/${groupId('support')}/members`);
    expect(all.members).toEqual([moderator.user_id, member.user_id].sort((a, b) => a - b));
    const direct = await ok(server, member, 'GET', `/user_groups/${groupId('support')}/members`, {
      direct_member_only: true,
    });
    expect(direct.members).toEqual([member.user_id]);
  });

  it('answers membership of one user (spec 4.18), deactivated users are not members', async () => {
    server = await startServer({ rateLimit: false });
    const moderator = byRole(server, 300);
    const support = groupId('support');
    expect(await isMember(support, moderator.user_id)).toBe(true);
    expect(await isMember(support, moderator.user_id, { direct_member_only: true })).toBe(false);
    server.deactivateUser(moderator.user_id);
    expect(await isMember(support, moderator.user_id)).toBe(false);
  });

  it('accepts bots as the user asked about since FL 458 only', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 457 });
    const support = groupId('support');
    const generic = bot(server, 1);
    const r = await call(
      server,
      byRole(server, 400),
      'GET',
      `/user_groups/${support}/members/${generic.user_id}`,
    );
    expect(r.body.code).toBe('BAD_REQUEST');
    await server.close();
    server = await startServer({ rateLimit: false });
    expect(await isMember(groupId('support'), bot(server, 1).user_id)).toBe(false);
  });

  it('refuses changes to a deactivated group before FL 391 only', async () => {
    for (const [featureLevel, expected] of [
      [390, 'error'],
      [391, 'success'],
    ] as const) {
      server = await startServer({ rateLimit: false, featureLevel });
      const support = server.state.userGroups.get(groupId('support'));
      if (support) support.deactivated = true;
      const r = await call(
        server,
        byRole(server, 200),
        'POST',
        `/user_groups/${groupId('support')}/members`,
        {
          add: [byRole(server, 400, 1).user_id],
        },
      );
      expect(r.body.result).toBe(expected);
      if (featureLevel === 390) await server.close();
    }
  });

  it('lets bots ask since FL 496 but not before', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 495 });
    const generic = bot(server, 1);
    const r = await call(
      server,
      generic,
      'GET',
      `/user_groups/${groupId('support')}/members/${byRole(server, 400).user_id}`,
    );
    expect(r.body.code).toBe('BAD_REQUEST');
    await server.close();
    server = await startServer({ rateLimit: false });
    const ok496 = await call(
      server,
      bot(server, 1),
      'GET',
      `/user_groups/${groupId('support')}/members/${byRole(server, 400).user_id}`,
    );
    expect(ok496.body.is_user_group_member).toBe(true);
  });

  it('adds and removes members and subgroups (spec 4.15) and tells everyone', async () => {
    server = await startServer({ rateLimit: false });
    const [admin, member2, guest] = [
      byRole(server, 200),
      byRole(server, 400, 1),
      byRole(server, 600),
    ];
    const w = await watch(server, guest, ['user_group']);
    const support = groupId('support');
    const leads = groupId('support-leads');
    await ok(server, admin, 'POST', `/user_groups/${support}/members`, {
      add: [member2.user_id],
      delete_subgroups: [leads],
    });
    const members = await ok(server, admin, 'GET', `/user_groups/${support}/members`);
    expect(members.members).toEqual([byRole(server, 400).user_id, member2.user_id]);
    const events = await w.events();
    expect(events).toContainEqual(
      expect.objectContaining({
        op: 'add_members',
        group_id: support,
        user_ids: [member2.user_id],
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        op: 'remove_subgroups',
        group_id: support,
        direct_subgroup_ids: [leads],
      }),
    );
  });

  it('rejects deactivated or unknown users, cycles, and callers who cannot manage the group', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const support = groupId('support');
    const former = server.deactivatedUsers[0]?.user_id;
    const deactivated = await call(server, admin, 'POST', `/user_groups/${support}/members`, {
      add: [former],
    });
    expect(deactivated.body.code).toBe('BAD_REQUEST');
    const unknown = await call(server, admin, 'POST', `/user_groups/${support}/members`, {
      delete: [99999],
    });
    expect(unknown.body.code).toBe('BAD_REQUEST');
    const cycle = await call(
      server,
      admin,
      'POST',
      `/user_groups/${groupId('support-leads')}/members`,
      { add_subgroups: [support] },
    );
    expect(cycle.body.msg).toMatch(/cycle/i);
    const outsider = await call(
      server,
      byRole(server, 600),
      'POST',
      `/user_groups/${support}/members`,
      { add: [admin.user_id] },
    );
    expect(outsider.body.code).toBe('BAD_REQUEST');
    const noGroup = await call(server, admin, 'GET', '/user_groups/9999/members');
    expect(noGroup.body.code).toBe('BAD_REQUEST');
  });

  it('lets an administrator bot change membership since FL 496 but not before', async () => {
    for (const [featureLevel, expected] of [
      [495, 'error'],
      [496, 'success'],
    ] as const) {
      server = await startServer({ rateLimit: false, featureLevel });
      const generic = bot(server, 1);
      const record = server.state.users.get(generic.user_id);
      if (record) record.role = 200;
      const r = await call(server, generic, 'POST', `/user_groups/${groupId('support')}/members`, {
        add: [byRole(server, 100).user_id],
      });
      expect(r.body.result).toBe(expected);
      if (featureLevel === 495) await server.close();
    }
  });
});
