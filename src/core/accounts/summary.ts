import type { AccountSummary } from '../../contract/contract.ts';
import type { Account } from './account.ts';
import { serverIcon } from './probe.ts';
import type { SecretStorageKind } from './secret-store.ts';

/** The renderer's view of an account; built field by field so nothing new slips across. */
export function toSummary(a: Account, keyStorage: SecretStorageKind): AccountSummary {
  // accounts.json written before icons were checked may still hold another origin's.
  const realmIcon = serverIcon(a.realmIcon, a.serverUrl);
  return {
    id: a.id,
    serverUrl: a.serverUrl,
    email: a.email,
    fullName: a.fullName,
    userId: a.userId,
    role: a.role,
    realmName: a.realmName,
    ...(realmIcon ? { realmIcon } : {}),
    featureLevel: a.featureLevel,
    ...(a.attention ? { attention: a.attention } : {}),
    ...(a.trust ? { trustedCertificate: a.trust.fingerprint } : {}),
    ...(a.demo ? { demo: true } : {}),
    keyStorage,
  };
}
