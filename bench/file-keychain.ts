/**
 * A bench's stand-in for the OS keychain: the keys in a JSON file, shared by the processes of
 * one run (bench/cache-start-host.ts, bench/cache-snapshot-write.ts and the bench itself).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { SecretStore } from '../src/core/accounts/secret-store.ts';

/** Keys in a JSON file; 'memory' tells the Core to keep no cache (the "without" runs). */
export class FileKeychain implements SecretStore {
  constructor(
    private readonly file: string,
    readonly kind: 'keychain' | 'memory' = 'keychain',
  ) {}
  #all(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }
  async get(id: string) {
    return this.#all()[id];
  }
  async set(id: string, secret: string) {
    writeFileSync(this.file, JSON.stringify({ ...this.#all(), [id]: secret }));
  }
  async delete(id: string) {
    const all = this.#all();
    const had = id in all;
    delete all[id];
    writeFileSync(this.file, JSON.stringify(all));
    return had;
  }
}
