import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, raw } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

async function deactivate(params: Record<string, unknown>) {
  return call(server, byRole(server, 100), 'POST', '/realm/deactivate', params);
}

describe('POST /realm/deactivate (spec 4.19)', () => {
  it('deactivates for an owner, after which every request gives REALM_DEACTIVATED', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, 100);
    await ok(server, owner, 'POST', '/realm/deactivate', { deletion_delay_days: 30 });
    expect(server.state.realm.deletion_delay_days).toBe(30);
    const after = await call(server, byRole(server, 400), 'GET', '/users/me');
    expect([after.status, after.body.code]).toEqual([401, 'REALM_DEACTIVATED']);
    expect((await raw(server, 'POST', '/fetch_api_key', 'username=a&password=b')).body.code).toBe(
      'REALM_DEACTIVATED',
    );
  });

  it('refuses non-owners with UNAUTHORIZED_PRINCIPAL', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 200), 'POST', '/realm/deactivate', {
      deletion_delay_days: 30,
    });
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(server.state.realm.deactivated).toBe(false);
  });

  it('enforces the server minimum and maximum', async () => {
    server = await startServer({ rateLimit: false });
    Object.assign(server.state.realm, { min_deletion_days: 14, max_deletion_days: 60 });
    for (const days of [13, 61, 0, null])
      expect((await deactivate({ deletion_delay_days: days })).body.code).toBe('BAD_REQUEST');
    expect((await deactivate({ deletion_delay_days: 14 })).body.result).toBe('success');
  });

  it('allows null only without a maximum and 0 only without a minimum', async () => {
    server = await startServer({ rateLimit: false });
    Object.assign(server.state.realm, { min_deletion_days: null, max_deletion_days: null });
    expect((await deactivate({ deletion_delay_days: 0 })).body.result).toBe('success');
    expect(server.state.realm.deletion_delay_days).toBe(0);
    await server.close();
    server = await startServer({ rateLimit: false });
    Object.assign(server.state.realm, { min_deletion_days: 14, max_deletion_days: null });
    expect((await deactivate({ deletion_delay_days: null })).body.result).toBe('success');
    expect(server.state.realm.deletion_delay_days).toBeNull();
  });

  it('requires the parameter for a demo organization and bounds it by the days left', async () => {
    const clock = new ManualClock();
    server = await startServer({
      rateLimit: false,
      clock,
      demo: { users: 6, channels: 3, messages: 10 },
    });
    await clock.advance(5 * 86400 * 1000);
    const left = Math.floor(
      ((server.state.realm.demo_deletion_at ?? 0) - clock.now() / 1000) / 86400,
    );
    expect(left).toBe(25);
    expect((await deactivate({})).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'deletion_delay_days',
    });
    expect((await deactivate({ deletion_delay_days: null })).body.code).toBe('BAD_REQUEST');
    expect((await deactivate({ deletion_delay_days: left + 1 })).body.code).toBe('BAD_REQUEST');
    expect((await deactivate({ deletion_delay_days: left })).body.result).toBe('success');
  });

  it('requires 0 for a demo organization whose owner has no email', async () => {
    server = await startServer({ rateLimit: false, demo: { users: 6, channels: 3, messages: 10 } });
    const owner = server.state.users.get(byRole(server, 100).user_id);
    if (owner) owner.delivery_email = '';
    expect((await deactivate({ deletion_delay_days: 3 })).body.code).toBe('BAD_REQUEST');
    expect((await deactivate({ deletion_delay_days: 0 })).body.result).toBe('success');
  });

  it('takes no deletion_delay_days before FL 332', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 331 });
    const body = await ok(server, byRole(server, 100), 'POST', '/realm/deactivate', {
      deletion_delay_days: 0,
    });
    expect(body.ignored_parameters_unsupported).toEqual(['deletion_delay_days']);
  });
});
