/**
 * Unsent drafts kept by the Core, only for accounts it knows, and copied to the server for
 * users who turned drafts synchronization on (compose/draft-sync.ts).
 */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function draftsHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'drafts.list' | 'drafts.save' | 'drafts.delete'> {
  const drafts = ctx.parts.drafts;
  return {
    'drafts.list': ({ accountId }) => drafts.list(accountId),
    'drafts.save': async ({ accountId, draft }) => {
      await drafts.save(accountId, draft);
      return {};
    },
    'drafts.delete': async ({ accountId, key }) => {
      await drafts.delete(accountId, key);
      return {};
    },
  };
}
