/**
 * Stands in for the OS keychain: what the Core sees of one, kept in the test, so what is
 * sealed on disk (the cache, the drafts) is written, as it never is with keys in memory.
 */
import type { SecretStore } from '../../../../src/core/accounts/secret-store.ts';

export class TestKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly keys = new Map<string, string>();
  async get(id: string) {
    return this.keys.get(id);
  }
  async set(id: string, secret: string) {
    this.keys.set(id, secret);
  }
  async delete(id: string) {
    return this.keys.delete(id);
  }
}
