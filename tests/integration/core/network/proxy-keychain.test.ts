/**
 * The manual proxy's credentials: the password goes to the real keychain (gnome-keyring in
 * a private D-Bus session, scripts/with-keyring.sh), never to the preferences file or the
 * renderer, and comes back from the keychain after a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src/core/core.ts';
import { call, openCore } from './core-helpers.ts';
import { KeytarSecretStore } from '../../../../src/core/accounts/secret-store.ts';
import { PROXY_PASSWORD_KEY } from '../../../../src/core/network/proxy-settings.ts';
import type { Result } from '../../../../src/contract/contract.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { startTestProxy, type TestProxy } from '../../../fixtures/connect-proxy.ts';
import { ReferenceServer } from '../sync/harness.ts';

const available = process.env.PERCH_KEYRING_READY === '1';
if (!available && process.env.PERCH_REQUIRE_KEYRING === '1') {
  throw new Error(
    'A real keychain is required here: run the tests through scripts/with-keyring.sh',
  );
}

const HOST = 'chat.perch.test';

describe.skipIf(!available)('the manual proxy with credentials from the keychain', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let proxy: TestProxy;
  let secrets: KeytarSecretStore;
  let dataDir: string;
  const cores: Core[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    proxy = await startTestProxy({ hosts: { [HOST]: '127.0.0.1' } });
    // A service of its own, so the test never touches a real Perch entry.
    secrets = await KeytarSecretStore.open(`perch-test-${randomBytes(4).toString('hex')}`);
    dataDir = await mkdtemp(join(tmpdir(), 'perch-proxy-keychain-'));
  });

  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await secrets.delete(PROXY_PASSWORD_KEY).catch(() => false);
    await proxy.close();
    await server.close();
  });

  const open = () => openCore(cores, { dataDir, clock, secrets, env: {} });

  it('keeps the password in the keychain only, and reaches the server with it after a restart', async () => {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const expected = `Basic ${Buffer.from(`ada:${password}`).toString('base64')}`;
    proxy.requireAuthorization = expected;
    const probeArgs = {
      url: `http://${HOST}:${new URL(server.url).port}`,
      allowInsecure: true,
    };

    const first = await open();
    const state = await call<Result<'proxy.set'>>(first, 'proxy.set', {
      mode: 'manual',
      url: proxy.hostPort,
      username: 'ada',
      password,
    });
    expect(state.preference).toEqual({ mode: 'manual', url: proxy.url, username: 'ada' });
    expect(state.passwordSet).toBe(true);
    expect(JSON.stringify(state)).not.toContain(password);
    expect(await secrets.get(PROXY_PASSWORD_KEY)).toBe(password);
    expect(await readFile(join(dataDir, 'preferences.json'), 'utf8')).not.toContain(password);
    await call(first, 'accounts.probe', probeArgs);
    expect(proxy.authorizations.at(-1)).toBe(expected);
    await first.close();

    const second = await open();
    const reloaded = await call<Result<'proxy.get'>>(second, 'proxy.get');
    expect(reloaded).toMatchObject({ preference: { mode: 'manual' }, passwordSet: true });
    const probe = await call<Result<'accounts.probe'>>(second, 'accounts.probe', probeArgs);
    expect(probe.realmName).toBeTruthy();

    // Forgetting the password removes it from the keychain; the proxy then asks for it.
    await call(second, 'proxy.set', {
      mode: 'manual',
      url: proxy.url,
      username: 'ada',
      password: null,
    });
    expect(await secrets.get(PROXY_PASSWORD_KEY)).toBeUndefined();
    const refused = await second.invoke('accounts.probe', probeArgs);
    expect(refused.ok ? '' : refused.error.message).toContain('asks for credentials (407)');
  });
});
