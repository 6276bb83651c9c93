/**
 * Unsent drafts kept by the Core, only for accounts it knows, and copied
 * to the server for users who turned drafts synchronization on.
 */
import type { CoreContext } from '../../context.ts';
import { RpcError } from '../../../contract/errors.ts';
import type { HandlerTable } from '../dispatch.ts';

export function draftsHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'drafts.list' | 'drafts.save' | 'drafts.delete'> {
  /** No file is made for an account that is not signed in here. */
  const known = (accountId: string) => {
    if (!ctx.accounts.list().some((a) => a.id === accountId))
      throw new RpcError({ code: 'FAILED', message: 'This account is not signed in.' });
    return accountId;
  };
  const drafts = ctx.parts.drafts;
  return {
    'drafts.list': async ({ accountId }) => drafts.list(known(accountId)),
    'drafts.save': async ({ accountId, draft }) => {
      await drafts.save(known(accountId), draft);
      return {};
    },
    'drafts.delete': async ({ accountId, key }) => {
      await drafts.delete(known(accountId), key);
      return {};
    },
  };
}
