/** Keys in memory: for tests and benchmarks about sync, not about the keychain. */
export { MemorySecretStore as MemorySecrets } from '../../../../src/core/accounts/memory-secret-store.ts';
