import type { SecretStore } from './secret-store.ts';

/**
 * Keys held in this process only, gone when Perch quits. For the demo organization (whose
 * keys are throwaway anyway) and for users who choose it (`--secret-store memory`) on a
 * machine without a usable keychain.
 */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  private readonly keys = new Map<string, string>();

  async get(accountId: string): Promise<string | undefined> {
    return this.keys.get(accountId);
  }

  async set(accountId: string, secret: string): Promise<void> {
    this.keys.set(accountId, secret);
  }

  async delete(accountId: string): Promise<boolean> {
    return this.keys.delete(accountId);
  }
}
