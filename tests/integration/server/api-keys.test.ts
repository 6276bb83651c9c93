import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_KEY, startServer, type StartedServer } from '../../../src/server/index.ts';
import { byRole, raw } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

function jwt(payload: Record<string, unknown>, key = DEFAULT_JWT_KEY, alg = 'HS256'): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

const exchange = (o: Record<string, string>) => raw(server, 'POST', '/jwt/fetch_api_key', form(o));
const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('POST /jwt/fetch_api_key (spec 4.10)', () => {
  it('trades a signed token for the user’s API key without prior credentials', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const r = await exchange({ token: jwt({ email: member.email }) });
    expect(r.body).toMatchObject({
      result: 'success',
      api_key: member.api_key,
      email: member.email,
    });
    expect(r.body).not.toHaveProperty('user');
  });

  it('includes the User fields without profile_data when include_profile is true', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const r = await exchange({ token: jwt({ email: member.email }), include_profile: 'true' });
    expect(r.body.user).toMatchObject({
      user_id: member.user_id,
      full_name: member.full_name,
      role: 400,
    });
    expect(r.body.user).not.toHaveProperty('profile_data');
  });

  it('uses the organization’s own key', async () => {
    server = await startServer({ rateLimit: false, jwtKey: 'another-key' });
    const member = byRole(server, 400);
    expect((await exchange({ token: jwt({ email: member.email }) })).body.code).toBe('BAD_REQUEST');
    const good = await exchange({ token: jwt({ email: member.email }, 'another-key') });
    expect(good.body.api_key).toBe(member.api_key);
  });

  it('rejects bad signatures, malformed tokens, other algorithms and expired tokens with BAD_REQUEST', async () => {
    server = await startServer({ rateLimit: false });
    const email = byRole(server, 400).email;
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      jwt({ email }, 'wrong'),
      'not.a.jwt',
      'garbage',
      jwt({ email }, DEFAULT_JWT_KEY, 'none'),
      jwt({ email, exp: now - 10 }),
      jwt({ email, exp: 'soon' }),
    ]) {
      const r = await exchange({ token });
      expect([r.status, r.body.code]).toEqual([400, 'BAD_REQUEST']);
      expect(JSON.stringify(r.body)).not.toContain(byRole(server, 400).api_key);
    }
    const valid = await exchange({ token: jwt({ email, exp: now + 60 }) });
    expect(valid.body.result).toBe('success');
  });

  it('gives an error for an unknown email, USER_DEACTIVATED for a deactivated user, and names a missing token', async () => {
    server = await startServer({ rateLimit: false });
    expect((await exchange({ token: jwt({ email: 'ghost@perch.test' }) })).body.result).toBe(
      'error',
    );
    const former = server.deactivatedUsers[0];
    const deactivated = await exchange({ token: jwt({ email: former?.email }) });
    expect(deactivated.body.code).toBe('USER_DEACTIVATED');
    expect((await exchange({})).body.var_name).toBe('token');
  });
});

describe('POST /fetch_api_key', () => {
  it('returns api_key, email and user_id for the right password only', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const password = server.state.users.get(member.user_id)?.password ?? '';
    const r = await raw(
      server,
      'POST',
      '/fetch_api_key',
      form({ username: member.email, password }),
    );
    expect(r.body).toMatchObject({
      api_key: member.api_key,
      email: member.email,
      user_id: member.user_id,
    });
    const wrong = await raw(
      server,
      'POST',
      '/fetch_api_key',
      form({ username: member.email, password: 'nope' }),
    );
    expect([wrong.status, wrong.body.result]).toEqual([401, 'error']);
    expect(
      (await raw(server, 'POST', '/fetch_api_key', form({ username: member.email }))).body.var_name,
    ).toBe('password');
  });
});
