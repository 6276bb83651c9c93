/**
 * People: role change (PATCH /users/{id}), deactivation (DELETE /users/{id}) and reactivation
 * (POST /users/{id}/reactivate) over real HTTP: who may, what the server says when it refuses,
 * what nothing-changed looks like, and the events each change sends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { bot, byRole, watch } from './admin-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(() => server.close());

const roleOf = (userId: number) => server.state.users.get(userId)?.role;
const activeOf = (userId: number) => server.state.users.get(userId)?.is_active;
const roleGroup = (name: string) => server.state.systemGroup(name)!;

describe('PATCH /users/{user_id} with role', () => {
  it('lets an owner make a member an owner, and tells everyone with the role and group events', async () => {
    const [owner, member, guest] = [byRole(server, 100), byRole(server, 400), byRole(server, 600)];
    const watcher = await watch(server, guest, ['realm_user', 'user_group']);
    await ok(server, owner, 'PATCH', `/users/${member.user_id}`, { role: 100 });
    expect(roleOf(member.user_id)).toBe(100);
    const events = await watcher.events();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { user_id: member.user_id, role: 100 },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_group',
        op: 'add_members',
        group_id: roleGroup('role:owners').id,
        user_ids: [member.user_id],
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_group',
        op: 'remove_members',
        group_id: roleGroup('role:members').id,
      }),
    );
  });

  it('lets an administrator make a member a moderator', async () => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    await ok(server, admin, 'PATCH', `/users/${member.user_id}`, { role: 300 });
    expect(roleOf(member.user_id)).toBe(300);
  });

  it('refuses an administrator who grants or removes the owner role', async () => {
    const [owner, admin, member] = [byRole(server, 100), byRole(server, 200), byRole(server, 400)];
    const grant = await call(server, admin, 'PATCH', `/users/${member.user_id}`, { role: 100 });
    expect(grant.body).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    const remove = await call(server, admin, 'PATCH', `/users/${owner.user_id}`, { role: 400 });
    expect(remove.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(roleOf(member.user_id)).toBe(400);
    expect(roleOf(owner.user_id)).toBe(100);
  });

  it('refuses a member, and nothing changes or is announced', async () => {
    const [member, guest] = [byRole(server, 400), byRole(server, 600)];
    const watcher = await watch(server, guest, ['realm_user', 'user_group']);
    const r = await call(server, member, 'PATCH', `/users/${guest.user_id}`, { role: 400 });
    expect(r.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL' });
    expect(roleOf(guest.user_id)).toBe(600);
    expect(await watcher.events()).toEqual([]);
  });

  it('keeps the owner role on the only owner, in upstream words', async () => {
    const owner = byRole(server, 100);
    const r = await call(server, owner, 'PATCH', `/users/${owner.user_id}`, { role: 200 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The owner permission cannot be removed from the only organization owner.',
    });
    expect(roleOf(owner.user_id)).toBe(100);
  });

  it('lets an owner demote another owner once there are two', async () => {
    const [owner, admin] = [byRole(server, 100), byRole(server, 200)];
    await ok(server, owner, 'PATCH', `/users/${admin.user_id}`, { role: 100 });
    await ok(server, admin, 'PATCH', `/users/${owner.user_id}`, { role: 200 });
    expect(roleOf(owner.user_id)).toBe(200);
  });

  it('refuses a role that does not exist', async () => {
    const [owner, member] = [byRole(server, 100), byRole(server, 400)];
    const r = await call(server, owner, 'PATCH', `/users/${member.user_id}`, { role: 250 });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid role' });
  });
});

describe('DELETE /users/{user_id}', () => {
  it('deactivates a member: the realm_user event, and the member leaves every group', async () => {
    const [admin, moderator, member] = [
      byRole(server, 200),
      byRole(server, 300),
      byRole(server, 400),
    ];
    const groupsBefore = [...server.state.userGroups.values()].filter((g) =>
      g.members.has(member.user_id),
    );
    expect(groupsBefore.length).toBeGreaterThan(0);
    const watcher = await watch(server, moderator, ['realm_user', 'user_group']);
    await ok(server, admin, 'DELETE', `/users/${member.user_id}`);
    expect(activeOf(member.user_id)).toBe(false);
    for (const g of server.state.userGroups.values())
      expect(g.members.has(member.user_id)).toBe(false);
    const events = await watcher.events();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { user_id: member.user_id, is_active: false },
      }),
    );
    const left = events.filter((e) => e.type === 'user_group' && e.op === 'remove_members');
    expect(left.map((e) => e.group_id).sort()).toEqual(groupsBefore.map((g) => g.id).sort());
    const signIn = await call(server, member, 'GET', '/users/me');
    expect(signIn.body.code).toBe('USER_DEACTIVATED');
  });

  it('refuses an administrator who deactivates an owner', async () => {
    const [owner, admin] = [byRole(server, 100), byRole(server, 200)];
    const r = await call(server, admin, 'DELETE', `/users/${owner.user_id}`);
    expect(r.body).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    expect(activeOf(owner.user_id)).toBe(true);
  });

  it('refuses a member', async () => {
    const [member, guest] = [byRole(server, 400), byRole(server, 600)];
    const r = await call(server, member, 'DELETE', `/users/${guest.user_id}`);
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(activeOf(guest.user_id)).toBe(true);
  });

  it('refuses to deactivate the only owner, in upstream words', async () => {
    const owner = byRole(server, 100);
    const r = await call(server, owner, 'DELETE', `/users/${owner.user_id}`);
    expect(r.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Cannot deactivate the only organization owner',
    });
    expect(activeOf(owner.user_id)).toBe(true);
  });

  it('lets an owner deactivate another owner', async () => {
    const [owner, admin] = [byRole(server, 100), byRole(server, 200)];
    await ok(server, owner, 'PATCH', `/users/${admin.user_id}`, { role: 100 });
    await ok(server, owner, 'DELETE', `/users/${admin.user_id}`);
    expect(activeOf(admin.user_id)).toBe(false);
  });

  it('refuses bots, which have their own endpoint', async () => {
    const owner = byRole(server, 100);
    const r = await call(server, owner, 'DELETE', `/users/${bot(server, 1).user_id}`);
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('bots: role through PATCH /users/{id}, DELETE /bots/{bot_id}, reactivation', () => {
  it('an administrator changes a bot’s role, deactivates it and reactivates it; admins and the owner hear realm_bot', async () => {
    const admin = byRole(server, 200);
    const b = bot(server, 1);
    const botOwner = server.state.users.get(server.state.users.get(b.user_id)!.bot_owner_id!)!;
    const watchers = {
      owner: await watch(server, byRole(server, 100), ['realm_bot', 'realm_user']),
      botOwner: await watch(
        server,
        server.users.find((u) => u.user_id === botOwner.user_id)!,
        ['realm_bot'],
      ),
      guest: await watch(server, byRole(server, 600), ['realm_bot', 'realm_user']),
    };
    await ok(server, admin, 'PATCH', `/users/${b.user_id}`, { role: 300 });
    expect(roleOf(b.user_id)).toBe(300);
    await ok(server, admin, 'DELETE', `/bots/${b.user_id}`);
    expect(activeOf(b.user_id)).toBe(false);
    await ok(server, admin, 'POST', `/users/${b.user_id}/reactivate`);
    expect(activeOf(b.user_id)).toBe(true);

    const botEvents = (events: Record<string, unknown>[]) =>
      events.filter((e) => e.type === 'realm_bot').map((e) => e.bot);
    const expected = [
      { user_id: b.user_id, is_active: false },
      { user_id: b.user_id, is_active: true },
    ];
    expect(botEvents(await watchers.owner.events())).toEqual(expected);
    expect(botEvents(await watchers.botOwner.events())).toEqual(expected);
    const guestEvents = await watchers.guest.events();
    expect(botEvents(guestEvents)).toEqual([]);
    // Everyone still learns the role and the account state through realm_user.
    expect(guestEvents).toContainEqual(
      expect.objectContaining({ person: { user_id: b.user_id, role: 300 } }),
    );
    expect(guestEvents).toContainEqual(
      expect.objectContaining({ person: { user_id: b.user_id, is_active: false } }),
    );
  });

  it('a member may deactivate only their own bot; a human is no bot; nothing changes on refusal', async () => {
    const b = bot(server, 1);
    const ownerId = server.state.users.get(b.user_id)!.bot_owner_id!;
    const someoneElse = server.users.find(
      (u) => u.role === 400 && !u.is_bot && u.user_id !== ownerId,
    )!;
    const refused = await call(server, someoneElse, 'DELETE', `/bots/${b.user_id}`);
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const role = await call(server, someoneElse, 'PATCH', `/users/${b.user_id}`, { role: 200 });
    expect(role.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect([activeOf(b.user_id), roleOf(b.user_id)]).toEqual([true, 400]);
    const human = await call(
      server,
      byRole(server, 100),
      'DELETE',
      `/bots/${byRole(server, 400).user_id}`,
    );
    expect(human.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such bot' });

    const owner = server.users.find((u) => u.user_id === ownerId)!;
    await ok(server, owner, 'DELETE', `/bots/${b.user_id}`);
    expect(activeOf(b.user_id)).toBe(false);
    const twice = await call(server, owner, 'DELETE', `/bots/${b.user_id}`);
    expect(twice.body.msg).toBe('No such bot');
  });
});

describe('POST /users/{user_id}/reactivate', () => {
  it('reactivates a deactivated user: event, sign-in works, role group again', async () => {
    const [admin, guest, member] = [byRole(server, 200), byRole(server, 600), byRole(server, 400)];
    await ok(server, admin, 'DELETE', `/users/${member.user_id}`);
    const watcher = await watch(server, guest, ['realm_user', 'user_group']);
    await ok(server, admin, 'POST', `/users/${member.user_id}/reactivate`);
    expect(activeOf(member.user_id)).toBe(true);
    expect(await watcher.events()).toContainEqual(
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { user_id: member.user_id, is_active: true },
      }),
    );
    expect(roleGroup('role:members').members.has(member.user_id)).toBe(true);
    await ok(server, member, 'GET', '/users/me');
  });

  // Upstream's get-events, user_group add_members: "This event is also sent when
  // reactivating a user for all the user groups the reactivated user was a member of
  // before being deactivated" (FL 303).
  it('puts a reactivated user back in the groups they left, and tells everyone', async () => {
    const [admin, guest, member] = [byRole(server, 200), byRole(server, 600), byRole(server, 400)];
    const created = await ok(server, admin, 'POST', '/user_groups/create', {
      name: 'night shift',
      description: 'Answers at night',
      members: [member.user_id],
    });
    const groupId = created.group_id as number;
    await ok(server, admin, 'DELETE', `/users/${member.user_id}`);
    expect(server.state.userGroups.get(groupId)?.members.has(member.user_id)).toBe(false);

    const watcher = await watch(server, guest, ['user_group']);
    await ok(server, admin, 'POST', `/users/${member.user_id}/reactivate`);
    expect(server.state.userGroups.get(groupId)?.members.has(member.user_id)).toBe(true);
    const added = (await watcher.events()).filter((e) => e.op === 'add_members');
    expect(added).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ group_id: groupId, user_ids: [member.user_id] }),
        expect.objectContaining({
          group_id: roleGroup('role:members').id,
          user_ids: [member.user_id],
        }),
      ]),
    );
    const listed = await ok(server, admin, 'GET', `/user_groups/${groupId}/members`);
    expect(listed.members).toContain(member.user_id);
  });

  it('refuses a member, and says so for an active user', async () => {
    const [owner, member] = [byRole(server, 100), byRole(server, 400)];
    const gone = server.deactivatedUsers[0]!;
    const r = await call(server, member, 'POST', `/users/${gone.user_id}/reactivate`);
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(activeOf(gone.user_id)).toBe(false);
    const active = await call(server, owner, 'POST', `/users/${member.user_id}/reactivate`);
    expect(active.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is already active' });
  });
});
