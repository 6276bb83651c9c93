/**
 * Used only when keytar cannot load: keys encrypted with Electron's safeStorage (which
 * itself uses the OS's protection) in one file of the data directory. Plaintext is never a
 * fallback: without encryption available this store refuses to start.
 */
import { safeStorage } from 'electron';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../src/lib/json-file.ts';
import type { SecretStore } from '../src/core/accounts/secret-store.ts';

const SealedFile = z.record(z.string(), z.string());

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safeStorage' as const;
  private readonly path: string;

  private constructor(dataDir: string) {
    this.path = join(dataDir, 'sealed-keys.json');
  }

  static open(dataDir: string): SafeStorageSecretStore {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error(
        'Neither the OS keychain nor encrypted storage is available; Perch will not store keys in plaintext.',
      );
    }
    return new SafeStorageSecretStore(dataDir);
  }

  async get(accountId: string): Promise<string | undefined> {
    const sealed = (await this.read())[accountId];
    return sealed === undefined
      ? undefined
      : safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  async set(accountId: string, secret: string): Promise<void> {
    const all = await this.read();
    all[accountId] = safeStorage.encryptString(secret).toString('base64');
    await writeJsonFile(this.path, all);
  }

  async delete(accountId: string): Promise<boolean> {
    const all = await this.read();
    if (!(accountId in all)) return false;
    delete all[accountId];
    await writeJsonFile(this.path, all);
    return true;
  }

  private read(): Promise<Record<string, string>> {
    return readJsonFile(this.path, SealedFile, {});
  }
}
