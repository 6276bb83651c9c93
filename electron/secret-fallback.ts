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
  /** Changes run one at a time: two sign-ins at once must not each drop the other's key. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(dataDir: string) {
    this.path = join(dataDir, 'sealed-keys.json');
  }

  static open(dataDir: string): SafeStorageSecretStore {
    // On Linux without a keyring Chromium "encrypts" with a key built into every copy of
    // it (the basic_text backend): as good as plaintext, so it counts as unavailable.
    const basicText =
      process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
    if (!safeStorage.isEncryptionAvailable() || basicText) {
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

  set(accountId: string, secret: string): Promise<void> {
    return this.change(async (all) => {
      all[accountId] = safeStorage.encryptString(secret).toString('base64');
      return true;
    }).then(() => undefined);
  }

  delete(accountId: string): Promise<boolean> {
    return this.change(async (all) => {
      if (!(accountId in all)) return false;
      delete all[accountId];
      return true;
    });
  }

  /** Read, change and write back as one step; `edit` says whether anything changed. */
  private change(edit: (all: Record<string, string>) => Promise<boolean>): Promise<boolean> {
    const next = this.queue.then(async () => {
      const all = await this.read();
      const changed = await edit(all);
      if (changed) await writeJsonFile(this.path, all);
      return changed;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private read(): Promise<Record<string, string>> {
    return readJsonFile(this.path, SealedFile, {});
  }
}
