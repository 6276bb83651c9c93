/** A signed-in account as the views list it, for tests of per-organization lists. */
import type { AccountSummary } from '../../../../src/contract/contract.ts';

export const account = (id: string, realmName = id): AccountSummary => ({
  id,
  serverUrl: `https://${id}.example`,
  email: `me@${id}.example`,
  fullName: 'Me',
  userId: 1,
  role: 400,
  realmName,
  featureLevel: 420,
  keyStorage: 'memory',
});
