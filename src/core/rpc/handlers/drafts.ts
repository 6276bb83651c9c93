/** Unsent drafts kept by the Core (issue 12 point 2), only for accounts it knows. */
import type { CoreContext } from '../../context.ts';
import { RpcError } from '../errors.ts';
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
  return {
    'drafts.list': async ({ accountId }) => ctx.drafts.list(known(accountId)),
    'drafts.save': async ({ accountId, draft }) => {
      await ctx.drafts.save(known(accountId), draft);
      return {};
    },
    'drafts.delete': async ({ accountId, key }) => {
      await ctx.drafts.delete(known(accountId), key);
      return {};
    },
  };
}
