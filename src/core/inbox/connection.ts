/** How current an organization's Inbox rows are, from its queue's health and its sign-in. */
import type { Account } from '../accounts/account.ts';
import type { AccountStatus } from '../store/account-stores.ts';

export type OrgConnection = 'live' | 'connecting' | 'unreachable' | 'signed-out';

export function orgConnection(
  account: Pick<Account, 'attention'>,
  status: AccountStatus | undefined,
): { connection: OrgConnection; problem?: string; offlineSince?: number } {
  if (account.attention) {
    return { connection: 'signed-out', problem: account.attention.message };
  }
  const health = status?.health;
  switch (health?.state) {
    case 'polling':
      return { connection: 'live' };
    case 'not_answering':
      return {
        connection: 'unreachable',
        problem: 'The server stopped answering.',
        ...since(health.offlineSince ?? health.silentSince),
      };
    case 'backoff':
      return {
        connection: 'unreachable',
        problem: health.lastError ?? 'The server cannot be reached.',
        ...since(health.offlineSince),
      };
    case 'stopped':
    case 'needs_attention':
      return { connection: 'signed-out', problem: health.lastError ?? 'Signed out.' };
    default:
      // Another attempt after failures (registering again) is still out of reach until it
      // succeeds: the header says "offline since 10:42" throughout, instead of flicking to
      // "connecting…" for each try of the backoff.
      if (health?.offlineSince !== undefined && health.failures > 0) {
        return {
          connection: 'unreachable',
          problem: health.lastError ?? 'The server cannot be reached.',
          offlineSince: health.offlineSince,
        };
      }
      return { connection: 'connecting' };
  }
}

function since(at: number | undefined): { offlineSince?: number } {
  return at === undefined ? {} : { offlineSince: at };
}
