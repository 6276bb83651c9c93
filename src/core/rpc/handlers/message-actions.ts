/** Message actions: view source, edit and move, delete, star, mark unread from here on. */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type ActionChannels =
  | 'messages.source'
  | 'messages.readReceipts'
  | 'messages.edit'
  | 'messages.delete'
  | 'messages.star'
  | 'messages.queuedWrites'
  | 'actions.retry'
  | 'messages.unreadFrom';

export function messageActionHandlers(ctx: CoreContext): Pick<HandlerTable, ActionChannels> {
  const actions = ctx.parts.messageActions;
  return {
    'messages.source': (args) => actions.source(args),
    'messages.readReceipts': (args) => actions.readReceipts(args),
    'messages.edit': (args) => actions.edit(args),
    'messages.delete': (args) => actions.delete(args),
    'messages.star': (args) => actions.star(args),
    'messages.queuedWrites': ({ accountId }) => ctx.parts.offlineWrites.list(accountId),
    'actions.retry': async ({ id }) => {
      await ctx.parts.pendingActions.retry(id);
      return {};
    },
    'messages.unreadFrom': (args) => actions.unreadFrom(args),
  };
}
