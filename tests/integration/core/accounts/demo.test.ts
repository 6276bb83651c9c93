/**
 * The demo organization: `--demo` signs in to an in-process reference server, and since
 * that server ends with the run, its account and key are forgotten when the run ends or
 * the next one starts. Its key is throwaway and stays in memory; a real account's key beside
 * it still goes to the OS keychain. Runs against the real keychain (see keychain.test.ts).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/core/core.ts';
import { decodeCredential } from '../../../../src/core/accounts/credential.ts';
import { KeytarSecretStore } from '../../../../src/core/accounts/secret-store.ts';
import { startServer } from '../../../../src/server/index.ts';
import { keychainListing } from '../../../e2e/support/secrets.ts';

const available = process.env.PERCH_KEYRING_READY === '1';

describe.skipIf(!available)('the demo organization', () => {
  it('signs in as the owner at start, and forgets the account and its key at close', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-demo-'));
    const core = await createCore({ dataDir, version: 't', transport: 'web', demo: true });
    const listed = await core.invoke('accounts.list', {});
    expect(listed.ok).toBe(true);
    const accounts = (listed.ok ? listed.result : []) as {
      id: string;
      role: number;
      demo?: boolean;
    }[];
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ role: 100, demo: true, keyStorage: 'memory' });
    const secrets = await KeytarSecretStore.open();
    expect(await secrets.get(accounts[0]!.id)).toBeUndefined();
    expect(keychainListing()).not.toContain(accounts[0]!.id);

    await core.close();
    const next = await createCore({ dataDir, version: 't', transport: 'web' });
    expect(await next.invoke('accounts.list', {})).toEqual({ ok: true, result: [] });
    await next.close();
  });
});

describe.skipIf(!available)('beside the demo, a real account', () => {
  it('keeps its key in the OS keychain, and says so', async () => {
    const server = await startServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-demo-real-'));
    const core = await createCore({ dataDir, version: 't', transport: 'web', demo: true });
    try {
      const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
      const signedIn = await core.invoke('accounts.signInWithKey', {
        serverUrl: server.url,
        email: member.email,
        apiKey: member.api_key,
      });
      expect(signedIn).toMatchObject({ ok: true, result: { keyStorage: 'keychain' } });
      const id = (signedIn.ok ? signedIn.result : {}) as { id: string };
      expect(keychainListing()).toContain(`attribute.account = ${id.id}`);
      // The entry holds the key with the email beside it (credential.ts).
      const entry = await (await KeytarSecretStore.open()).get(id.id);
      expect(decodeCredential(entry!)).toEqual({ email: member.email, apiKey: member.api_key });

      await core.invoke('accounts.signOut', { accountId: id.id });
      expect(keychainListing()).not.toContain(id.id);
    } finally {
      await core.close();
      await server.close();
    }
  });
});
