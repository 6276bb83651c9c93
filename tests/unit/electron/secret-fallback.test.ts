/**
 * The safeStorage fallback, used only where keytar cannot load. Electron is not available
 * under Node, so safeStorage is a stand-in that seals reversibly; what is tested is that the
 * store only ever writes what safeStorage sealed, and refuses outright without encryption.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const encryption = { available: true, backend: 'gnome_libsecret' };
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => encryption.available,
    getSelectedStorageBackend: () => encryption.backend,
    encryptString: (s: string) => Buffer.from(`sealed:${Buffer.from(s).toString('hex')}`),
    decryptString: (b: Buffer) =>
      Buffer.from(b.toString().replace(/^sealed:/, ''), 'hex').toString(),
  },
}));

const { SafeStorageSecretStore } = await import('../../../electron/secret-fallback.ts');

describe('SafeStorageSecretStore', () => {
  beforeEach(() => {
    encryption.available = true;
    encryption.backend = 'gnome_libsecret';
  });

  it('round-trips a key and never writes it in plaintext', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-sealed-'));
    const store = SafeStorageSecretStore.open(dir);
    await store.set('ada@https://x.example', 'the-api-key-123');
    expect(await store.get('ada@https://x.example')).toBe('the-api-key-123');
    const onDisk = await readFile(join(dir, 'sealed-keys.json'), 'utf8');
    expect(onDisk).not.toContain('the-api-key-123');
    expect(store.kind).toBe('safeStorage');
  });

  it('deletes a key and says whether there was one', async () => {
    const store = SafeStorageSecretStore.open(await mkdtemp(join(tmpdir(), 'perch-sealed-')));
    await store.set('a', 'k');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeUndefined();
  });

  it('refuses to start when no encryption is available, rather than store plaintext', () => {
    encryption.available = false;
    expect(() => SafeStorageSecretStore.open(tmpdir())).toThrow(/will not store keys in plaintext/);
  });

  it.runIf(process.platform === 'linux')(
    "refuses Linux's basic_text backend, whose key is the same in every copy of Chromium",
    () => {
      encryption.backend = 'basic_text';
      expect(() => SafeStorageSecretStore.open(tmpdir())).toThrow(
        /will not store keys in plaintext/,
      );
    },
  );

  it('two sign-ins at once both keep their keys', async () => {
    const store = SafeStorageSecretStore.open(await mkdtemp(join(tmpdir(), 'perch-sealed-')));
    await Promise.all([store.set('a', 'key-a'), store.set('b', 'key-b'), store.set('c', 'key-c')]);
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual([
      'key-a',
      'key-b',
      'key-c',
    ]);
  });
});
