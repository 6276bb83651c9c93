/**
 * Signing out when the keychain that holds the account's key has gone away (Perch started
 * from a session with no D-Bus): the sign-out is refused in words and changes nothing, the
 * account stays listed, and the key is still in the keychain; with the keychain back,
 * signing out removes both.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCredential } from '../../../../src/core/accounts/credential.ts';
import { KeytarSecretStore } from '../../../../src/core/accounts/secret-store.ts';
import { createCore } from '../../../../src/core/core.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { runDesktopless } from './run-desktopless.ts';

const available = process.env.PERCH_KEYRING_READY === '1';

/** The sign-out attempt of sign-out-core.ts, run with no way to the keychain. */
const signOutWithoutKeychain = (dataDir: string) =>
  runDesktopless('tests/integration/core/accounts/sign-out-core.ts', [dataDir]);

describe.skipIf(!available)('signing out while the keychain is away', () => {
  let server: StartedServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is refused in words, changes nothing, and works once the keychain is back', async () => {
    server = await startServer();
    const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    dataDir = await mkdtemp(join(tmpdir(), 'perch-sign-out-'));
    const options = { dataDir, version: 't', transport: 'web' as const };
    let core = await createCore(options);
    const signedIn = await core.invoke('accounts.signInWithKey', {
      serverUrl: server.url,
      email: member.email,
      apiKey: member.api_key,
    });
    expect(signedIn.ok).toBe(true);
    const id = (signedIn as { result: { id: string } }).result.id;
    await core.close();

    const { signOut, after } = await signOutWithoutKeychain(dataDir);
    expect(signOut?.ok).toBe(false);
    expect(signOut?.error?.apiCode).toBe('NO_KEYCHAIN');
    expect(signOut?.error?.message).toMatch(/is still signed in/);
    expect(signOut?.error?.message).toMatch(/sign out again/);
    expect(after?.result).toEqual([expect.objectContaining({ id })]);
    const keychain = await KeytarSecretStore.open();
    expect(decodeCredential((await keychain.get(id))!).apiKey).toBe(member.api_key);

    core = await createCore(options);
    const again = await core.invoke('accounts.signOut', { accountId: id });
    expect(again).toEqual({ ok: true, result: { removed: true } });
    expect(await keychain.get(id)).toBeUndefined();
    await core.close();
  });
});
