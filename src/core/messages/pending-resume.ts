/**
 * At start, the actions an earlier run could not read back (pending-record.ts) are built
 * again from their records and handed to the keeper, which reads each back once the account's
 * queue is answered (pending-actions.ts).
 */
import { channels } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { DraftStore } from '../compose/drafts.ts';
import type { MessageActions } from './message-actions.ts';
import type { MessageService } from './message-service.ts';
import type { PendingAction, PendingActions } from './pending-actions.ts';
import type { PendingRecord } from './pending-record.ts';

export interface PendingResumeDeps {
  accounts: Pick<AccountManager, 'clientFor' | 'list'>;
  drafts: Pick<DraftStore, 'pending'>;
  messageService: Pick<MessageService, 'markReadAction' | 'reactAction'>;
  messageActions: Pick<MessageActions, 'starAction' | 'submessageAction'>;
  pendingActions: Pick<PendingActions, 'restore'>;
}

async function revive(
  deps: PendingResumeDeps,
  r: PendingRecord,
): Promise<PendingAction | undefined> {
  const { client, account } = await deps.accounts.clientFor(r.accountId);
  switch (r.channel) {
    case 'messages.star':
      return deps.messageActions.starAction(
        client,
        account,
        channels[r.channel].args.parse(r.args),
      );
    case 'messages.submessage': {
      const args = channels[r.channel].args.parse(r.args);
      return r.before === undefined
        ? undefined
        : deps.messageActions.submessageAction(client, account, args, r.before);
    }
    case 'messages.markRead':
      return deps.messageService.markReadAction(
        client,
        account,
        channels[r.channel].args.parse(r.args),
      );
    case 'messages.react':
      return deps.messageService.reactAction(
        client,
        account,
        channels[r.channel].args.parse(r.args),
      );
  }
}

/** Each signed-in account's kept actions, back with the keeper; one that cannot be built is let go. */
export async function resumePendingActions(deps: PendingResumeDeps): Promise<void> {
  for (const account of deps.accounts.list()) {
    if (account.attention) continue;
    const records = await deps.drafts.pending(account.id).catch(() => []);
    const actions: PendingAction[] = [];
    for (const r of records) {
      const action = await revive(deps, r).catch(() => undefined);
      if (action) actions.push(action);
    }
    if (actions.length > 0) deps.pendingActions.restore(actions);
  }
}
