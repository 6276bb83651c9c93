import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(() => server.close());

describe('GET /users, /users/me, /users/{id}', () => {
  it('lists every account with the User fields of spec 2.1', async () => {
    const owner = byRole(server, 100);
    const body = await ok(server, owner, 'GET', '/users');
    const members = body.members as Record<string, unknown>[];
    expect(members.map((m) => m.user_id)).toEqual(
      expect.arrayContaining(server.users.map((u) => u.user_id)),
    );
    const me = members.find((m) => m.user_id === owner.user_id);
    expect(me).toMatchObject({
      role: 100,
      is_owner: true,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      bot_type: null,
    });
    const deactivated = members.find((m) => m.user_id === server.deactivatedUsers[0]?.user_id);
    expect(deactivated?.is_active).toBe(false);
  });

  it('returns the caller from /users/me', async () => {
    const guest = byRole(server, 600);
    const body = await ok(server, guest, 'GET', '/users/me');
    expect(body).toMatchObject({
      user_id: guest.user_id,
      email: guest.email,
      role: 600,
      is_guest: true,
    });
  });

  it('reports the newest message id in /users/me', async () => {
    const member = byRole(server, 400);
    const sent = await ok(server, member, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'hello',
      content: 'hi',
    });
    expect((await ok(server, member, 'GET', '/users/me')).max_message_id).toBe(sent.id);
  });

  it('returns one user, with profile data only when asked', async () => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const plain = await ok(server, admin, 'GET', `/users/${member.user_id}`);
    expect(plain.user).toMatchObject({
      user_id: member.user_id,
      full_name: member.full_name,
      role: 400,
    });
    expect((plain.user as Record<string, unknown>).profile_data).toBeUndefined();
    const withFields = await ok(server, admin, 'GET', `/users/${member.user_id}`, {
      include_custom_profile_fields: true,
    });
    expect((withFields.user as Record<string, unknown>).profile_data).toEqual({
      '1': { value: 'Lisbon', rendered_value: '<p>Lisbon</p>' },
    });
  });

  it('gives avatar_url null with client_gravatar (the default) and a URL without it', async () => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const dflt = await ok(server, admin, 'GET', `/users/${member.user_id}`);
    expect((dflt.user as Record<string, unknown>).avatar_url).toBeNull();
    const off = await ok(server, admin, 'GET', `/users/${member.user_id}`, {
      client_gravatar: false,
    });
    expect((off.user as Record<string, unknown>).avatar_url).toMatch(/^http/);
  });

  it('hides delivery_email from those the user’s email_address_visibility excludes', async () => {
    const [admin, member, guest] = [byRole(server, 200), byRole(server, 400), byRole(server, 600)];
    const record = server.state.users.get(member.user_id);
    if (!record) throw new Error('member missing');
    record.settings.email_address_visibility = 3;
    try {
      const seenByAdmin = await ok(server, admin, 'GET', `/users/${member.user_id}`);
      expect((seenByAdmin.user as Record<string, unknown>).delivery_email).toBe(member.email);
      const seenByGuest = await ok(server, guest, 'GET', `/users/${member.user_id}`);
      expect((seenByGuest.user as Record<string, unknown>).delivery_email).toBeNull();
      const self = await ok(server, member, 'GET', '/users/me');
      expect(self.delivery_email).toBe(member.email);
    } finally {
      record.settings.email_address_visibility = 1;
    }
  });

  it('answers an unknown user id with 404 BAD_REQUEST and a malformed one with 400', async () => {
    const owner = byRole(server, 100);
    const missing = await call(server, owner, 'GET', '/users/99999');
    expect([missing.status, missing.body.code]).toEqual([404, 'BAD_REQUEST']);
    const bad = await call(server, owner, 'GET', '/users/12abc');
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_REQUEST']);
    expect(bad.body.msg).toContain('user_id');
  });
});

describe('POST /users (spec 4.14)', () => {
  it('creates a user for an administrator with can_create_users and tells the others', async () => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const w = await watch(server, member, ['realm_user', 'subscription']);
    const body = await ok(server, admin, 'POST', '/users', {
      email: 'new.person@perch.test',
      password: 'pw-123456',
      full_name: 'New Person',
    });
    expect(body.user_id).toEqual(expect.any(Number));
    const fetched = await ok(server, admin, 'GET', `/users/${body.user_id as number}`);
    expect((fetched.user as Record<string, unknown>).email).toBe('new.person@perch.test');
    const events = await w.events();
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'add' }));
    const general = server.state.channelByName('general');
    expect(server.state.subscribersOf(general?.stream_id ?? 0)).toContain(body.user_id);
    expect(events).toContainEqual(
      expect.objectContaining({
        op: 'peer_add',
        stream_ids: [general?.stream_id],
        user_ids: [body.user_id],
      }),
    );
  });

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const r = await call(server, byRole(server, 300), 'POST', '/users', {
      email: 'x@perch.test',
      password: 'p',
      full_name: 'X',
    });
    expect([r.status, r.body.code]).toEqual([400, 'UNAUTHORIZED_PRINCIPAL']);
  });

  it('refuses an administrator without can_create_users (FL 36)', async () => {
    const admin = byRole(server, 200);
    const record = server.state.users.get(admin.user_id);
    if (!record) throw new Error('admin missing');
    record.can_create_users = false;
    try {
      const r = await call(server, admin, 'POST', '/users', {
        email: 'y@perch.test',
        password: 'p',
        full_name: 'Y',
      });
      expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    } finally {
      record.can_create_users = true;
    }
  });

  it('rejects an email already in the organization and names missing parameters', async () => {
    const owner = byRole(server, 100);
    const dup = await call(server, owner, 'POST', '/users', {
      email: byRole(server, 400).email,
      password: 'p',
      full_name: 'Dup',
    });
    expect([dup.status, dup.body.code]).toEqual([400, 'BAD_REQUEST']);
    const missing = await call(server, owner, 'POST', '/users', {
      email: 'z@perch.test',
      full_name: 'Z',
    });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'password' });
  });
});
