import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const OWNER = 100;
const ADMIN = 200;
const MEMBER = 400;
const GUEST = 600;

function groupId(name: string): number {
  const g = [...server.state.userGroups.values()].find((x) => x.name === name);
  if (!g) throw new Error(`no group ${name}`);
  return g.id;
}

async function create(role: number, name: string): Promise<number> {
  const body = await ok(server, byRole(server, role), 'POST', '/user_groups/create', {
    name,
    description: 'Who answers the phone',
    members: [byRole(server, MEMBER).user_id],
  });
  return body.group_id as number;
}

describe('POST /user_groups/create', () => {
  it.each([OWNER, ADMIN, MEMBER])(
    'role %i creates a group; everyone gets user_group add',
    async (role) => {
      server = await startServer({ rateLimit: false });
      const events = await watch(server, byRole(server, MEMBER), ['user_group']);
      const id = await create(role, 'phones');
      const [event] = await events.events();
      expect(event).toMatchObject({
        type: 'user_group',
        op: 'add',
        group: { id, name: 'phones', members: [byRole(server, MEMBER).user_id] },
      });
      // The creator manages the group they made (upstream default).
      expect((event?.group as Record<string, unknown>).can_manage_group).toEqual({
        direct_members: [byRole(server, role).user_id],
        direct_subgroups: [],
      });
    },
  );

  it('refuses a guest, a taken name and a role: name', async () => {
    server = await startServer({ rateLimit: false });
    const before = server.state.userGroups.size;
    const guest = await call(server, byRole(server, GUEST), 'POST', '/user_groups/create', {
      name: 'guests',
      description: '',
      members: [],
    });
    expect(guest.body.msg).toBe('Insufficient permission');
    const taken = await call(server, byRole(server, ADMIN), 'POST', '/user_groups/create', {
      name: 'Support',
      description: '',
      members: [],
    });
    expect(taken.body.msg).toBe("User group 'Support' already exists.");
    const role = await call(server, byRole(server, ADMIN), 'POST', '/user_groups/create', {
      name: 'role:mine',
      description: '',
      members: [],
    });
    expect(role.body.result).toBe('error');
    expect(server.state.userGroups.size).toBe(before);
  });
});

describe('PATCH /user_groups/{id}', () => {
  it.each([OWNER, ADMIN])(
    'role %i renames, describes and sets permissions with one update event',
    async (role) => {
      server = await startServer({ rateLimit: false });
      const id = groupId('support');
      const events = await watch(server, byRole(server, MEMBER), ['user_group']);
      const admins = groupId('role:administrators');
      await ok(server, byRole(server, role), 'PATCH', `/user_groups/${id}`, {
        name: 'helpdesk',
        description: 'First line',
        can_mention_group: { new: admins, old: groupId('role:everyone') },
      });
      expect(server.state.userGroups.get(id)).toMatchObject({
        name: 'helpdesk',
        description: 'First line',
      });
      expect(await events.events()).toEqual([
        expect.objectContaining({
          op: 'update',
          group_id: id,
          data: { name: 'helpdesk', description: 'First line', can_mention_group: admins },
        }),
      ]);
    },
  );

  it('refuses a member who does not manage the group, and a stale old value', async () => {
    server = await startServer({ rateLimit: false });
    const id = await create(ADMIN, 'phones');
    // The moderator is not in "phones", did not create it and is not an administrator.
    const outsider = byRole(server, 300);
    const r = await call(server, outsider, 'PATCH', `/user_groups/${id}`, { name: 'taken over' });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    const stale = await call(server, byRole(server, ADMIN), 'PATCH', `/user_groups/${id}`, {
      can_mention_group: { new: groupId('role:owners'), old: groupId('role:nobody') },
    });
    expect(stale.body.result).toBe('error');
    expect(server.state.userGroups.get(id)?.name).toBe('phones');
    expect(server.state.userGroups.get(id)?.settings?.can_mention_group).toBeUndefined();
  });
});

describe('deactivate and reactivate', () => {
  it.each([OWNER, ADMIN])('role %i deactivates (FL 290) and reactivates (FL 386)', async (role) => {
    server = await startServer({ rateLimit: false });
    const id = await create(MEMBER, 'phones');
    const events = await watch(server, byRole(server, MEMBER), ['user_group'], {
      include_deactivated_groups: true,
    });
    await ok(server, byRole(server, role), 'POST', `/user_groups/${id}/deactivate`);
    expect(server.state.userGroups.get(id)?.deactivated).toBe(true);
    await ok(server, byRole(server, role), 'PATCH', `/user_groups/${id}`, { deactivated: false });
    expect(server.state.userGroups.get(id)?.deactivated).toBe(false);
    expect((await events.events()).map((e) => e.data)).toEqual([
      { deactivated: true },
      { deactivated: false },
    ]);
  });

  // Upstream's get-events: the user_group `remove` event is "sent when a user group is
  // deactivated but only to clients with include_deactivated_groups client capability set
  // to false"; register-queue: for such a client, realm_user_groups "will only include
  // active groups ... and no update event will be sent to the client if a deactivated user
  // group is renamed".
  it('a client that did not ask for deactivated groups hears remove, no rename, then add', async () => {
    server = await startServer({ rateLimit: false });
    const id = await create(ADMIN, 'phones');
    const admin = byRole(server, ADMIN);
    const plain = await watch(server, byRole(server, MEMBER), ['user_group']);
    const asking = await watch(server, byRole(server, MEMBER), ['user_group'], {
      include_deactivated_groups: true,
    });
    await ok(server, admin, 'POST', `/user_groups/${id}/deactivate`);
    await ok(server, admin, 'PATCH', `/user_groups/${id}`, { name: 'old phones' });

    const listed = async (caps?: Record<string, boolean>) => {
      const reg = await ok(server, admin, 'POST', '/register', {
        fetch_event_types: ['user_group'],
        ...(caps ? { client_capabilities: caps } : {}),
      });
      return (reg.realm_user_groups as { id: number }[]).map((g) => g.id);
    };
    expect(await listed()).not.toContain(id);
    expect(await listed({ include_deactivated_groups: true })).toContain(id);

    await ok(server, admin, 'PATCH', `/user_groups/${id}`, { deactivated: false });
    expect(await plain.events()).toEqual([
      expect.objectContaining({ type: 'user_group', op: 'remove', group_id: id }),
      expect.objectContaining({
        type: 'user_group',
        op: 'add',
        group: expect.objectContaining({ id, name: 'old phones', deactivated: false }),
      }),
    ]);
    expect((await asking.events()).map((e) => [e.op, e.data])).toEqual([
      ['update', { deactivated: true }],
      ['update', { name: 'old phones' }],
      ['update', { deactivated: false }],
    ]);
  });

  it('refuses a member outside the group and a group a setting still uses', async () => {
    server = await startServer({ rateLimit: false });
    const id = await create(ADMIN, 'phones');
    const r = await call(server, byRole(server, 300), 'POST', `/user_groups/${id}/deactivate`);
    expect(r.body.msg).toBe('Insufficient permission');
    const channel = server.state.channelByName('general')!;
    channel.can_remove_subscribers_group = id;
    const inUse = await call(
      server,
      byRole(server, ADMIN),
      'POST',
      `/user_groups/${id}/deactivate`,
    );
    expect(inUse.body.msg).toBe('Cannot deactivate user group in use.');
    expect(server.state.userGroups.get(id)?.deactivated).toBe(false);
  });

  it('says deactivation does not exist before feature level 290', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 289 });
    const id = groupId('support');
    const r = await call(server, byRole(server, ADMIN), 'POST', `/user_groups/${id}/deactivate`);
    expect(r.body.result).toBe('error');
    expect(server.state.userGroups.get(id)?.deactivated).toBe(false);
  });
});
