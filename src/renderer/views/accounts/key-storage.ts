import type { AccountSummary } from '../../../contract/contract.ts';

/** Where an account's key is kept, in the words shown on its card. */
export function keyStorageText(a: Pick<AccountSummary, 'keyStorage' | 'demo'>): string {
  switch (a.keyStorage) {
    case 'keychain':
      return 'Key kept in your system keychain';
    case 'safeStorage':
      return "Key kept encrypted by Electron's safe storage in Perch's data folder";
    case 'memory':
      return a.demo
        ? 'Key kept in memory until Perch quits (a throwaway demo key)'
        : 'Key kept in memory only: forgotten when Perch quits';
  }
}
