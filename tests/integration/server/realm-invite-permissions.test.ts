/**
 * Who may invite, changed through PATCH /realm as upstream documents it: "A group-setting
 * value defining the set of users who have permission to send email invitations"
 * (can_invite_users_group) and "the set of users who are allowed to create reusable
 * invitation links" (create_multiuse_invite_group, which "Prior to Zulip 10.0 (feature level
 * 314) ... did not accept anonymous user groups"). Upstream's update_realm lets only owners
 * change either, and neither may be everyone (guests included) or the internet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const OWNER = 100;
const ADMIN = 200;
const MEMBER = 400;

const group = (name: string) => server.state.systemGroup(name)!.id;
const setting = (value: unknown) => JSON.stringify({ new: value });

async function invite(by: ServerUser, email: string) {
  return call(server, by, 'POST', '/invites', {
    invitee_emails: email,
    stream_ids: [],
    invite_as: MEMBER,
  });
}
const createLink = (by: ServerUser) => call(server, by, 'POST', '/invites/multiuse', {});

describe('PATCH /realm: who may invite', () => {
  it('create_multiuse_invite_group is changed by owners only, and every client hears it', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const members = group('role:members');
    expect((await createLink(member)).body.msg).toBe('Insufficient permission');

    for (const who of [member, byRole(server, ADMIN)]) {
      const refused = await call(server, who, 'PATCH', '/realm', {
        create_multiuse_invite_group: setting(members),
      });
      expect(refused.body).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg:
          who === member
            ? 'Must be an organization administrator'
            : 'Must be an organization owner',
      });
    }

    const watcher = await watch(server, member);
    await ok(server, byRole(server, OWNER), 'PATCH', '/realm', {
      create_multiuse_invite_group: setting(members),
    });
    expect(await watcher.events()).toContainEqual({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { create_multiuse_invite_group: members },
      id: expect.any(Number),
    });
    const reg = await ok(server, member, 'POST', '/register', {});
    expect(reg.realm_create_multiuse_invite_group).toBe(members);
    await ok(server, member, 'POST', '/invites/multiuse', {});
    expect(server.state.multiuseInvites.size).toBe(1);
  });

  it('can_invite_users_group decides who sends email invitations; a stale old value is refused', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const owner = byRole(server, OWNER);
    const admins = group('role:administrators');
    await ok(server, member, 'POST', '/invites', {
      invitee_emails: 'first@example.com',
      stream_ids: [],
      invite_as: MEMBER,
    });
    const stale = await call(server, owner, 'PATCH', '/realm', {
      can_invite_users_group: JSON.stringify({ new: admins, old: admins }),
    });
    expect(stale.body.msg).toBe(
      "'old' value allowed by the server is not matching: can_invite_users_group",
    );
    await ok(server, owner, 'PATCH', '/realm', {
      can_invite_users_group: JSON.stringify({ new: admins, old: group('role:members') }),
    });
    expect((await invite(member, 'second@example.com')).body.msg).toBe('Insufficient permission');
    expect((await invite(byRole(server, ADMIN), 'third@example.com')).body.result).toBe('success');
    expect([...server.state.invitations.values()].map((i) => i.email)).toEqual([
      'first@example.com',
      'third@example.com',
    ]);
  });

  it('refuses everyone and the internet, as upstream does; nobody is allowed', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, OWNER);
    for (const name of ['can_invite_users_group', 'create_multiuse_invite_group']) {
      const refused = await call(server, owner, 'PATCH', '/realm', {
        [name]: setting(group('role:everyone')),
      });
      expect(refused.body.msg).toBe(`'${name}' setting cannot be set to 'role:everyone' group.`);
      await ok(server, owner, 'PATCH', '/realm', { [name]: setting(group('role:nobody')) });
    }
    expect((await invite(owner, 'none@example.com')).body.msg).toBe('Insufficient permission');
    expect((await createLink(owner)).body.msg).toBe('Insufficient permission');
  });

  it('takes an anonymous group of people and groups, and a lone group as that group', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, OWNER);
    const [chosen, other] = [byRole(server, MEMBER, 0), byRole(server, MEMBER, 1)];
    const anonymous = {
      direct_members: [chosen.user_id],
      direct_subgroups: [group('role:moderators')],
    };
    const watcher = await watch(server, other);
    await ok(server, owner, 'PATCH', '/realm', {
      create_multiuse_invite_group: setting(anonymous),
    });
    expect(await watcher.events()).toContainEqual(
      expect.objectContaining({ data: { create_multiuse_invite_group: anonymous } }),
    );
    expect(
      (await ok(server, other, 'POST', '/register', {})).realm_create_multiuse_invite_group,
    ).toEqual(anonymous);
    await ok(server, chosen, 'POST', '/invites/multiuse', {});
    expect((await createLink(other)).body.msg).toBe('Insufficient permission');

    // {direct_members: [], direct_subgroups: [g]} is stored as g, a named group's id.
    await ok(server, owner, 'PATCH', '/realm', {
      can_invite_users_group: setting({
        direct_members: [],
        direct_subgroups: [group('role:administrators')],
      }),
    });
    expect(server.state.realm.can_invite_users_group).toBe(group('role:administrators'));
  });

  it('takes no anonymous group for reusable links before feature level 314', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 313 });
    const member = byRole(server, MEMBER);
    const refused = await call(server, byRole(server, OWNER), 'PATCH', '/realm', {
      create_multiuse_invite_group: setting({
        direct_members: [member.user_id],
        direct_subgroups: [],
      }),
    });
    expect(refused.body.msg).toBe('Invalid create_multiuse_invite_group');
  });

  it('keeps a group that decides who may invite from being deactivated', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, OWNER);
    const named = [...server.state.userGroups.values()].find(
      (g) => !g.is_system_group && !g.deactivated,
    )!;
    await ok(server, owner, 'PATCH', '/realm', { create_multiuse_invite_group: setting(named.id) });
    const refused = await call(server, owner, 'POST', `/user_groups/${named.id}/deactivate`);
    expect(refused.body.msg).toBe('Cannot deactivate user group in use.');
  });
});
