/**
 * The demo organization: `--demo` signs in to an in-process reference server, and since
 * that server ends with the run, its account and key are forgotten when the run ends or
 * the next one starts. Runs against the real keychain (see keychain.test.ts).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/core/core.ts';
import { KeytarSecretStore } from '../../../../src/core/accounts/secret-store.ts';

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
    expect(accounts[0]).toMatchObject({ role: 100, demo: true });
    const secrets = await KeytarSecretStore.open();
    expect(await secrets.get(accounts[0]!.id)).toBeTruthy();

    await core.close();
    expect(await secrets.get(accounts[0]!.id)).toBeUndefined();
    const next = await createCore({ dataDir, version: 't', transport: 'web' });
    expect(await next.invoke('accounts.list', {})).toEqual({ ok: true, result: [] });
    await next.close();
  });
});
