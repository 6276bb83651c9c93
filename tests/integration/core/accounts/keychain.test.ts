/**
 * The SecretStore against the real Secret Service (gnome-keyring in a private D-Bus
 * session, see scripts/with-keyring.sh). Outside that harness these tests skip with a
 * message; under `npm test` (PERCH_REQUIRE_KEYRING=1) a missing keychain is a failure.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../../src/core/accounts/secret-store.ts';

const available = process.env.PERCH_KEYRING_READY === '1';
if (!available && process.env.PERCH_REQUIRE_KEYRING === '1') {
  throw new Error(
    'A real keychain is required here: run the tests through scripts/with-keyring.sh',
  );
}
if (!available) {
  console.warn('No Secret Service in this environment; keychain tests skipped (run `npm test`).');
}

function secretToolSearch(service: string): string {
  // secret-tool prints the secret on stdout and the attributes on stderr.
  const r = spawnSync('secret-tool', ['search', '--all', 'service', service], { encoding: 'utf8' });
  return r.stdout + r.stderr;
}

describe.skipIf(!available)('KeytarSecretStore on the real keychain', () => {
  it('stores a key where the OS keychain finds it under the service "perch", and deletes it', async () => {
    const store = await KeytarSecretStore.open();
    const id = `ada-${randomBytes(4).toString('hex')}@https://chat.example.org`;
    const key = randomBytes(16).toString('hex');
    await store.set(id, key);
    expect(await store.get(id)).toBe(key);
    const listing = secretToolSearch('perch');
    expect(listing).toContain(`attribute.account = ${id}`);
    expect(listing).toContain(`secret = ${key}`);

    expect(await store.delete(id)).toBe(true);
    expect(await store.get(id)).toBeUndefined();
    expect(secretToolSearch('perch')).not.toContain(id);
  });

  it('keeps two accounts apart and replaces a key on re-authentication', async () => {
    const store = await KeytarSecretStore.open();
    const a = `a-${randomBytes(4).toString('hex')}@https://one.example`;
    const b = `b-${randomBytes(4).toString('hex')}@https://two.example`;
    await store.set(a, 'key-a-1');
    await store.set(b, 'key-b');
    await store.set(a, 'key-a-2');
    expect(await store.get(a)).toBe('key-a-2');
    expect(await store.get(b)).toBe('key-b');
    await store.delete(a);
    await store.delete(b);
  });
});
