import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const TOKEN = 'ab'.repeat(32);

describe('POST /users/me/ios_push_device_token (spec 4.12)', () => {
  it('registers a 64-digit hexadecimal token with its appid', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    await ok(server, member, 'POST', '/users/me/ios_push_device_token', {
      token: TOKEN,
      appid: 'org.perch.app',
    });
    await ok(server, member, 'POST', '/users/me/ios_push_device_token', {
      token: TOKEN.toUpperCase(),
      appid: 'org.perch.app',
    });
    expect(server.state.users.get(member.user_id)?.push_devices).toEqual([
      expect.objectContaining({ kind: 'ios_legacy', token: TOKEN, appid: 'org.perch.app' }),
    ]);
  });

  it('rejects empty, non-hexadecimal and wrong-length tokens with BAD_REQUEST', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    for (const token of ['', 'zz'.repeat(32), 'ab'.repeat(31), 'ab'.repeat(33)]) {
      const r = await call(server, member, 'POST', '/users/me/ios_push_device_token', {
        token,
        appid: 'org.perch.app',
      });
      expect([r.status, r.body.code]).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('requires appid since FL 223 only', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 400), 'POST', '/users/me/ios_push_device_token', {
      token: TOKEN,
    });
    expect(r.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'appid' });
    await server.close();
    server = await startServer({ rateLimit: false, featureLevel: 222 });
    await ok(server, byRole(server, 400), 'POST', '/users/me/ios_push_device_token', {
      token: TOKEN,
    });
  });
});

describe('POST /mobile_push/e2ee/test_notification (spec 4.20)', () => {
  it('notifies all devices, or the one named by device_id', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, 100);
    await ok(server, owner, 'POST', '/mobile_push/e2ee/test_notification');
    const device = server.addPushDevice(owner.user_id);
    await ok(server, owner, 'POST', '/mobile_push/e2ee/test_notification', { device_id: device });
  });

  it('gives NO_ACTIVE_PUSH_DEVICE without a device or for an unknown device_id', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const none = await call(server, member, 'POST', '/mobile_push/e2ee/test_notification');
    expect([none.status, none.body.code]).toEqual([400, 'NO_ACTIVE_PUSH_DEVICE']);
    const unknown = await call(
      server,
      byRole(server, 100),
      'POST',
      '/mobile_push/e2ee/test_notification',
      { device_id: 9999 },
    );
    expect(unknown.body.code).toBe('NO_ACTIVE_PUSH_DEVICE');
  });

  it('produces each configured bouncer outcome with its status', async () => {
    server = await startServer({ rateLimit: false });
    const owner = byRole(server, 100);
    for (const [outcome, status] of [
      ['NO_ACTIVE_PUSH_DEVICE', 400],
      ['ADMIN_ACTION_REQUIRED', 403],
      ['FAILED_TO_CONNECT_BOUNCER', 502],
      ['INTERNAL_SERVER_ERROR_ON_BOUNCER', 502],
    ] as const) {
      server.setPushOutcome(outcome);
      const r = await call(server, owner, 'POST', '/mobile_push/e2ee/test_notification');
      expect([r.status, r.body.code]).toEqual([status, outcome]);
    }
  });

  it('takes push_account_id instead of device_id before FL 468, and does not exist before FL 420', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 467 });
    const owner = byRole(server, 100);
    const device = server.addPushDevice(owner.user_id);
    await ok(server, owner, 'POST', '/mobile_push/e2ee/test_notification', {
      push_account_id: device,
    });
    const r = await ok(server, owner, 'POST', '/mobile_push/e2ee/test_notification', {
      device_id: 9999,
    });
    expect(r.ignored_parameters_unsupported).toEqual(['device_id']);
    await server.close();
    server = await startServer({ rateLimit: false, featureLevel: 419 });
    expect(
      (await call(server, byRole(server, 100), 'POST', '/mobile_push/e2ee/test_notification'))
        .status,
    ).toBe(404);
  });
});
