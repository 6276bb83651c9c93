/**
 * Listing, revoking and resending invitations, and reusable links, with upstream's role gates
 * and the invites_changed event.
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
const GUEST = 600;

async function invite(by: ServerUser, email: string, inviteAs = MEMBER): Promise<number> {
  await ok(server, by, 'POST', '/invites', {
    invitee_emails: email,
    stream_ids: [],
    invite_as: inviteAs,
  });
  return [...server.state.invitations.values()].find((i) => i.email === email)!.id;
}

type Listed = Record<string, unknown>;
async function listed(user: ServerUser): Promise<Listed[]> {
  return (await ok(server, user, 'GET', '/invites')).invites as Listed[];
}

const invitesChanged = async (w: { events(): Promise<Record<string, unknown>[]> }) =>
  (await w.events()).filter((e) => e.type === 'invites_changed').length;

describe('GET /invites', () => {
  it('gives administrators every pending invitation and link, others only their own', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, OWNER);
    const member = byRole(server, MEMBER);
    await invite(owner, 'boss@example.com', OWNER);
    await invite(member, 'friend@example.com');
    const link = (
      await ok(server, owner, 'POST', '/invites/multiuse', { invite_expires_in_minutes: null })
    ).invite_link as string;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\/\w+\/$/);

    const forAdmin = await listed(byRole(server, ADMIN));
    expect(forAdmin).toEqual([
      expect.objectContaining({
        email: 'boss@example.com',
        invited_as: OWNER,
        invited_by_user_id: owner.user_id,
        is_multiuse: false,
        expiry_date: expect.any(Number),
        invited: expect.any(Number),
      }),
      expect.objectContaining({ email: 'friend@example.com', invited_by_user_id: member.user_id }),
      expect.objectContaining({
        is_multiuse: true,
        link_url: link,
        expiry_date: null,
        invited_as: MEMBER,
      }),
    ]);
    expect(forAdmin[0]).not.toHaveProperty('link_url');
    expect(forAdmin[2]).not.toHaveProperty('email');
    expect((await listed(member)).map((i) => i.email)).toEqual(['friend@example.com']);
  });

  it('leaves out expired invitations and refuses guests', async () => {
    server = await startServer({ rateLimit: false });
    const id = await invite(byRole(server, ADMIN), 'late@example.com');
    server.state.invitations.get(id)!.expiry = Math.floor(Date.now() / 1000) - 1;
    expect(await listed(byRole(server, ADMIN))).toEqual([]);
    const guest = await call(server, byRole(server, GUEST), 'GET', '/invites');
    expect(guest.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Not allowed for guest users' });
  });
});

describe('DELETE /invites/{invite_id} and POST /invites/{invite_id}/resend', () => {
  it('an administrator revokes and resends a member’s invitation; admins and the creator hear of it', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const id = await invite(member, 'friend@example.com');
    server.state.invitations.get(id)!.invited -= 3600;
    const before = server.state.invitations.get(id)!.invited;
    const watchers = {
      owner: await watch(server, byRole(server, OWNER)),
      creator: await watch(server, member),
      other: await watch(server, byRole(server, MEMBER, 1)),
    };

    await ok(server, byRole(server, ADMIN), 'POST', `/invites/${id}/resend`);
    expect(server.state.invitations.get(id)!.invited).toBeGreaterThan(before);
    await ok(server, byRole(server, ADMIN), 'DELETE', `/invites/${id}`);
    expect(server.state.invitations.has(id)).toBe(false);

    expect(await invitesChanged(watchers.owner)).toBe(2);
    expect(await invitesChanged(watchers.creator)).toBe(2);
    expect(await invitesChanged(watchers.other)).toBe(0);
    const again = await call(server, member, 'DELETE', `/invites/${id}`);
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such invitation' });
  });

  it('a member manages only their own; an administrator cannot touch an owner invitation', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const admins = await invite(byRole(server, ADMIN), 'a@example.com');
    const owners = await invite(byRole(server, OWNER), 'o@example.com', OWNER);
    const own = await invite(member, 'm@example.com');
    const watcher = await watch(server, byRole(server, OWNER));

    for (const path of [`/invites/${admins}`, `/invites/${admins}/resend`]) {
      const r = await call(server, member, path.endsWith('resend') ? 'POST' : 'DELETE', path);
      expect(r.body).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
    }
    for (const [method, path] of [
      ['DELETE', `/invites/${owners}`],
      ['POST', `/invites/${owners}/resend`],
    ] as const) {
      const r = await call(server, byRole(server, ADMIN), method, path);
      expect(r.body).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization owner',
      });
    }
    expect(server.state.invitations.size).toBe(3);
    expect(await invitesChanged(watcher)).toBe(0);

    await ok(server, member, 'DELETE', `/invites/${own}`);
    await ok(server, byRole(server, OWNER), 'DELETE', `/invites/${owners}`);
    expect([...server.state.invitations.values()].map((i) => i.email)).toEqual(['a@example.com']);
  });

  it('resending counts against the daily limit', async () => {
    server = await startServer({ rateLimit: false });
    const id = await invite(byRole(server, ADMIN), 'a@example.com');
    server.state.realm.max_invites = 1;
    const r = await call(server, byRole(server, ADMIN), 'POST', `/invites/${id}/resend`);
    expect(r.body).toMatchObject({
      code: 'INVITATION_FAILED',
      daily_limit_reached: true,
      sent_invitations: false,
    });
  });
});

describe('reusable links', () => {
  it('are revoked once; before FL 209 only administrators may revoke them', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const members = server.state.systemGroup('role:members')!.id;
    server.state.realm.create_multiuse_invite_group = members;
    await ok(server, member, 'POST', '/invites/multiuse', {});
    const [link] = [...server.state.multiuseInvites.values()];
    const watcher = await watch(server, byRole(server, ADMIN));
    const other = await call(
      server,
      byRole(server, MEMBER, 1),
      'DELETE',
      `/invites/multiuse/${link!.id}`,
    );
    expect(other.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    await ok(server, member, 'DELETE', `/invites/multiuse/${link!.id}`);
    expect(await invitesChanged(watcher)).toBe(1);
    expect(await listed(byRole(server, ADMIN))).toEqual([]);
    const twice = await call(server, member, 'DELETE', `/invites/multiuse/${link!.id}`);
    expect(twice.body.msg).toBe('Invitation has already been revoked');
    await server.close();

    server = await startServer({ rateLimit: false, featureLevel: 208 });
    const created = await call(server, byRole(server, MEMBER), 'POST', '/invites/multiuse', {});
    expect(created.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    await ok(server, byRole(server, ADMIN), 'POST', '/invites/multiuse', {});
    const [old] = [...server.state.multiuseInvites.values()];
    const byMember = await call(
      server,
      byRole(server, MEMBER),
      'DELETE',
      `/invites/multiuse/${old!.id}`,
    );
    expect(byMember.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(old!.revoked).toBe(false);
  });

  it('carry the role, channels and groups a joiner gets; admins and the creator hear of a new one', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const general = server.state.channelByName('general')!.stream_id;
    const named = [...server.state.userGroups.values()].find(
      (g) => !g.is_system_group && !g.deactivated,
    )!;
    // Members may create links once the organization lets them (create_multiuse_invite_group).
    server.state.realm.create_multiuse_invite_group = server.state.systemGroup('role:members')!.id;
    const watchers = {
      admin: await watch(server, byRole(server, ADMIN)),
      creator: await watch(server, member),
      other: await watch(server, byRole(server, MEMBER, 1)),
    };
    const body = await ok(server, byRole(server, ADMIN), 'POST', '/invites/multiuse', {
      invite_as: MEMBER,
      stream_ids: [general],
      group_ids: [named.id],
      invite_expires_in_minutes: 60,
    });
    const [link] = [...server.state.multiuseInvites.values()];
    expect(body.invite_link).toBe(`${server.url}/join/${link!.key}/`);
    expect(link).toMatchObject({ stream_ids: [general], group_ids: [named.id], invite_as: MEMBER });
    expect(await invitesChanged(watchers.admin)).toBe(1);

    // A system group is no group to join; a member may only hand out their own groups.
    const system = server.state.systemGroup('role:members')!.id;
    const refusals = [
      await call(server, byRole(server, ADMIN), 'POST', '/invites/multiuse', {
        group_ids: [system],
      }),
      await call(server, byRole(server, ADMIN), 'POST', '/invites/multiuse', {
        stream_ids: [987654],
      }),
    ];
    expect(refusals.map((r) => r.body.msg)).toEqual([
      `Invalid user group ID ${system}. No invites were sent.`,
      'Invalid channel ID 987654. No invites were sent.',
    ]);
    const notMine = [...server.state.userGroups.values()].find(
      (g) =>
        !g.is_system_group &&
        !g.deactivated &&
        !server.state.groupMembers(g.id).has(member.user_id),
    );
    if (notMine) {
      const r = await call(server, member, 'POST', '/invites/multiuse', {
        group_ids: [notMine.id],
      });
      expect(r.body.msg).toBe('Insufficient permission');
    }
    expect(server.state.multiuseInvites.size).toBe(1);

    await ok(server, member, 'POST', '/invites/multiuse', {});
    expect(await invitesChanged(watchers.creator)).toBe(1);
    expect(await invitesChanged(watchers.other)).toBe(0);
    expect(await invitesChanged(watchers.admin)).toBe(2);
  });

  it('an owner link is an owner’s to create and revoke', async () => {
    server = await startServer({ rateLimit: false });
    const byAdmin = await call(server, byRole(server, ADMIN), 'POST', '/invites/multiuse', {
      invite_as: OWNER,
    });
    expect(byAdmin.body.msg).toBe('Must be an organization owner');
    await ok(server, byRole(server, OWNER), 'POST', '/invites/multiuse', { invite_as: OWNER });
    const [link] = [...server.state.multiuseInvites.values()];
    const revoke = await call(
      server,
      byRole(server, ADMIN),
      'DELETE',
      `/invites/multiuse/${link!.id}`,
    );
    expect(revoke.body.msg).toBe('Must be an organization owner');
    expect(link!.revoked).toBe(false);
  });
});
