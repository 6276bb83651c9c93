import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call } from './messaging-client.ts';
import { basic, byRole, raw, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

describe('HTTP Basic authentication (spec 5)', () => {
  it('answers a request without credentials with 401 and WWW-Authenticate: Basic', async () => {
    server = await startServer();
    const r = await raw(server, 'GET', '/users/me');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(r.body.result).toBe('error');
  });

  it('gives INVALID_API_KEY for a wrong key or unknown email, without echoing the key', async () => {
    server = await startServer();
    const owner = byRole(server, 100);
    const wrong = await raw(
      server,
      'GET',
      '/users/me',
      undefined,
      basic({ email: owner.email, api_key: 'not-the-key' }),
    );
    expect([wrong.status, wrong.body.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-key');
    const stranger = await raw(
      server,
      'GET',
      '/users/me',
      undefined,
      basic({ email: 'nobody@perch.test', api_key: owner.api_key }),
    );
    expect(stranger.body.code).toBe('INVALID_API_KEY');
  });

  it('gives USER_DEACTIVATED (401) for a deactivated account, also right after deactivation', async () => {
    server = await startServer();
    const former = server.deactivatedUsers[0];
    if (!former) throw new Error('fixed org has a deactivated member');
    const r = await call(server, former, 'GET', '/users/me');
    expect([r.status, r.body.code]).toEqual([401, 'USER_DEACTIVATED']);
    const member = byRole(server, 400, 1);
    expect((await call(server, member, 'GET', '/users/me')).status).toBe(200);
    server.deactivateUser(member.user_id);
    expect((await call(server, member, 'GET', '/users/me')).body.code).toBe('USER_DEACTIVATED');
  });

  it('removes a deactivated user from every group and tells everyone', async () => {
    server = await startServer();
    const member = byRole(server, 400);
    const w = await watch(server, byRole(server, 600), ['realm_user']);
    const support = [...server.state.userGroups.values()].find((g) => g.name === 'support');
    expect(support?.members.has(member.user_id)).toBe(true);
    server.deactivateUser(member.user_id);
    expect(support?.members.has(member.user_id)).toBe(false);
    expect(await w.events()).toContainEqual(
      expect.objectContaining({
        op: 'update',
        person: { user_id: member.user_id, is_active: false },
      }),
    );
  });

  it('announces a deactivation as realm_user remove before FL 222', async () => {
    server = await startServer({ featureLevel: 221 });
    const member = byRole(server, 400);
    const w = await watch(server, byRole(server, 100), ['realm_user']);
    server.deactivateUser(member.user_id);
    expect(await w.events()).toContainEqual(
      expect.objectContaining({
        op: 'remove',
        person: expect.objectContaining({ user_id: member.user_id }),
      }),
    );
  });

  it('gives REALM_DEACTIVATED (401) to every request once the organization is deactivated', async () => {
    server = await startServer();
    const owner = byRole(server, 100);
    server.state.realm.deactivated = true;
    const authed = await call(server, owner, 'GET', '/users/me');
    expect([authed.status, authed.body.code]).toEqual([401, 'REALM_DEACTIVATED']);
    const open = await raw(server, 'GET', '/server_settings');
    expect(open.body.code).toBe('REALM_DEACTIVATED');
  });

  it('lets each bot authenticate with its own email and key', async () => {
    server = await startServer();
    for (const b of server.users.filter((u) => u.is_bot)) {
      const r = await call(server, b, 'GET', '/users/me');
      expect(r.body).toMatchObject({ user_id: b.user_id, is_bot: true, bot_type: b.bot_type });
    }
  });
});
