/** Message browsing and compose (messages/message-service.ts, messages/messages-keeper.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type MessageChannels =
  | 'messages.fetch'
  | 'messages.byIds'
  | 'messages.sidebar'
  | 'messages.sidebarUnwatch'
  | 'messages.send'
  | 'messages.markRead'
  | 'messages.reading'
  | 'messages.react'
  | 'messages.submessage'
  | 'messages.remind'
  | 'messages.snippets'
  | 'messages.videoCall'
  | 'messages.newestUnread';

export function messagesHandlers(ctx: CoreContext): Pick<HandlerTable, MessageChannels> {
  const service = ctx.parts.messageService;
  const { sidebarPush } = ctx.parts.messages;
  return {
    'messages.newestUnread': () => service.newestUnread(),
    'messages.fetch': (args) => service.fetch(args),
    'messages.byIds': (args) => service.byIds(args),
    'messages.sidebar': ({ accountId }) => sidebarPush.watch(accountId),
    'messages.sidebarUnwatch': ({ accountId }) => {
      sidebarPush.unwatch(accountId);
      return Promise.resolve({});
    },
    'messages.send': (args) => service.send(args),
    'messages.markRead': (args) => service.markRead(args),
    'messages.reading': ({ accountId, narrow }) => {
      ctx.parts.readOnArrival.reading(accountId, narrow);
      return Promise.resolve({});
    },
    'messages.react': (args) => service.react(args),
    'messages.submessage': (args) => ctx.parts.messageActions.submessage(args),
    'messages.remind': (args) => ctx.parts.messageActions.remind(args),
    'messages.snippets': ({ accountId }) => service.snippets(accountId),
    'messages.videoCall': ({ accountId }) => service.videoCall(accountId),
  };
}
