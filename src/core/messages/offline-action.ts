/**
 * A star, reaction or read mark as every one of them is made (docs/architecture.md, "Writes"):
 * at once when the server can be reached, kept by the offline queue (offline-writes.ts) when
 * it cannot, and, whichever made it, its lost answer settled by the pending-actions keeper
 * (pending-actions.ts). Only how the write is described differs from one kind to the next.
 */
import type { ApiClient } from '../../api/client.ts';
import type { Account } from '../accounts/account.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { OfflineWrites, QueuedWrite } from './offline-writes.ts';
import type { PendingAction, PendingActions } from './pending-actions.ts';
import { reconciled } from './reconcile.ts';

/** The call's arguments for a kind of write: its queued description and whose account. */
export type WriteArgs<K extends QueuedWrite['kind']> = { accountId: string } & Extract<
  QueuedWrite,
  { kind: K }
>['args'];

export interface OfflineActionParts {
  accounts: Pick<AccountManager, 'clientFor'>;
  writes: OfflineWrites;
  pending: Pick<PendingActions, 'run'>;
}

/** With no keeper, a lost answer is read back once and the caller hears the outcome. */
export const unkept: Pick<PendingActions, 'run'> = { run: (a) => reconciled(a.write, a.holds) };

/**
 * Registers how the queue makes `kind` and returns the RPC method that makes one. `build`
 * describes the write as the keeper settles it, now or after a restart (pending-record.ts).
 */
export function offlineAction<K extends QueuedWrite['kind']>(
  { accounts, writes, pending }: OfflineActionParts,
  kind: K,
  build: (client: ApiClient, account: Account, args: WriteArgs<K>) => PendingAction,
): (args: WriteArgs<K>) => Promise<Record<string, never>> {
  // `told`: false when the queue makes it again after an outage, so only the keeper hears it.
  writes.handle(kind, async (accountId, args, told) => {
    const { client, account } = await accounts.clientFor(accountId);
    const all = { accountId, ...args } as WriteArgs<K>;
    return pending.run(build(client, account, all), { told });
  });
  return async ({ accountId, ...args }) => {
    // `args` is the kind's own: TypeScript cannot narrow the union by a generic `kind`.
    await writes.run(accountId, { kind, args } as unknown as QueuedWrite);
    return {};
  };
}
