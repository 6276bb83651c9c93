import type { SecretStore } from '../../../../src/core/accounts/secret-store.ts';

/** Keeps keys in memory: for tests and benchmarks about sync, not about the keychain. */
export class MemorySecrets implements SecretStore {
  readonly kind = 'keychain';
  private readonly keys = new Map<string, string>();

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
