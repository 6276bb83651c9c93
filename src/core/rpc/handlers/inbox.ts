/** The unified Inbox and Recent conversations over every account (inbox/service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type InboxChannels =
  | 'inbox.get'
  | 'inbox.markRead'
  | 'inbox.markAllRead'
  | 'inbox.setTopicPolicy'
  | 'inbox.topicState'
  | 'inbox.muteChannel'
  | 'inbox.dismissPending'
  | 'recent.get'
  | 'recent.prepare'
  | 'recent.unwatch';

export function inboxHandlers(ctx: CoreContext): Pick<HandlerTable, InboxChannels> {
  const inbox = ctx.parts.inbox;
  return {
    'inbox.get': async () => ({ accounts: inbox.snapshot() }),
    'inbox.markRead': ({ accountId, target }) => inbox.markRead(accountId, target),
    'inbox.markAllRead': ({ accountId }) => inbox.markAllRead(accountId),
    'inbox.setTopicPolicy': async ({ accountId, streamId, topic, policy }) => {
      await inbox.setTopicPolicy(accountId, streamId, topic, policy);
      return {};
    },
    'inbox.topicState': async ({ accountId, streamId, topic }) =>
      inbox.topicState(accountId, streamId, topic),
    'inbox.muteChannel': async ({ accountId, streamId, muted }) => {
      await inbox.muteChannel(accountId, streamId, muted);
      return {};
    },
    'inbox.dismissPending': async ({ accountId, id }) => {
      inbox.dismiss(accountId, id);
      return {};
    },
    'recent.get': async () => ({ accounts: await inbox.recentSnapshot() }),
    'recent.unwatch': async () => {
      inbox.unwatchRecent();
      return {};
    },
    'recent.prepare': async () => {
      await inbox.prepareRecent();
      return {};
    },
  };
}
