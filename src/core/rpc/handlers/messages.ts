/**
 * Message browsing and compose: history windows (from the kept messages when they decide
 * them; GET /messages is spec section 4.5), the sidebar, sending, reactions.
 */
import type { ApiClient } from '../../../api/client.ts';
import { createVideoCall } from '../../../api/routes/calls.ts';
import { getMessages, sendMessage, updateMessageFlags } from '../../../api/routes/messages.ts';
import { addReaction, removeReaction } from '../../../api/routes/reactions.ts';
import { sendSubmessage } from '../../../api/routes/submessages.ts';
import { createReminder } from '../../../api/routes/reminders.ts';
import { ApiError } from '../../../api/errors.ts';
import { allHaveFlag, hasMyReaction } from '../../messages/read-back.ts';
import { reconciled } from '../../messages/reconcile.ts';
import { getSavedSnippets } from '../../../api/routes/saved-snippets.ts';
import type { Account } from '../../accounts/account.ts';
import type { CoreContext } from '../../context.ts';
import { emptyTopicParams } from '../../messages/empty-topic.ts';
import { fetchThroughStore } from '../../messages/store/served-fetch.ts';
import { newestUnread } from '../../messages/newest-unread.ts';
import type { HandlerTable } from '../dispatch.ts';
import { RpcError } from '../../../contract/errors.ts';

type MessageChannels =
  | 'messages.fetch'
  | 'messages.byIds'
  | 'messages.sidebar'
  | 'messages.sidebarUnwatch'
  | 'messages.send'
  | 'messages.markRead'
  | 'messages.react'
  | 'messages.submessage'
  | 'messages.remind'
  | 'messages.snippets'
  | 'messages.videoCall'
  | 'messages.newestUnread';

export function messagesHandlers(ctx: CoreContext): Pick<HandlerTable, MessageChannels> {
  const { store, access, sidebarPush } = ctx.parts.messages;

  /** The account's shared client: its pacing and connections serve every call. */
  async function withClient<T>(
    accountId: string,
    run: (client: ApiClient, account: Account) => Promise<T>,
  ): Promise<T> {
    const { account, client } = await ctx.accounts.clientFor(accountId);
    return run(client, account);
  }

  return {
    'messages.newestUnread': () =>
      newestUnread(
        ctx.accounts
          .list()
          .filter((a) => !a.attention)
          .map((a) => ({
            accountId: a.id,
            myUserId: a.userId,
            summary: ctx.sync.unreadSummary(a.id),
            client: async () => (await ctx.accounts.clientFor(a.id)).client,
          })),
      ),
    'messages.fetch': (args) =>
      withClient(args.accountId, (client) => fetchThroughStore(access, client, args)),
    'messages.byIds': ({ accountId, messageIds, narrow }) =>
      withClient(accountId, async (client) => {
        const kept = narrow || !access.enabled() ? undefined : store.byIds(accountId, messageIds);
        if (kept) return kept;
        const { data } = await getMessages(client, {
          message_ids: messageIds,
          ...(narrow ? { narrow } : {}),
          apply_markdown: true,
          ...(await emptyTopicParams(client)),
        });
        return data.messages;
      }),
    'messages.sidebar': ({ accountId }) => sidebarPush.watch(accountId),
    'messages.sidebarUnwatch': ({ accountId }) => {
      sidebarPush.unwatch(accountId);
      return Promise.resolve({});
    },
    'messages.send': ({ accountId, to, content }) =>
      withClient(accountId, async (client) => {
        refuseOverLimit(content, ctx.sync.unreadSummary(accountId)?.maxMessageLength);
        const params =
          to.type === 'stream'
            ? { type: 'stream' as const, to: to.streamId, topic: to.topic, content }
            : { type: 'direct' as const, to: to.userIds, content };
        const { data } = await sendMessage(client, params);
        return { id: data.id };
      }),
    'messages.markRead': ({ accountId, messageIds }) =>
      withClient(accountId, async (client) => {
        await reconciled(
          () => updateMessageFlags(client, { messages: messageIds, op: 'add', flag: 'read' }),
          () => allHaveFlag(client, messageIds, 'read'),
        );
        return {};
      }),
    'messages.react': ({ accountId, messageId, op, emojiName, emojiCode, reactionType }) =>
      withClient(accountId, async (client, account) => {
        const params = {
          emoji_name: emojiName,
          emoji_code: emojiCode,
          reaction_type: reactionType,
        };
        const emoji = { code: emojiCode, type: reactionType };
        await reconciled(
          () =>
            (op === 'add'
              ? addReaction(client, messageId, params)
              : removeReaction(client, messageId, params)
            ).catch((err: unknown) => {
              // A try again after a lost answer finds the reaction already as asked: done.
              if (!(err instanceof ApiError)) throw err;
              const already = op === 'add' ? 'REACTION_ALREADY_EXISTS' : 'REACTION_DOES_NOT_EXIST';
              if (err.code !== already) throw err;
            }),
          async () =>
            (await hasMyReaction(client, messageId, account.userId, emoji)) === (op === 'add'),
        );
        return {};
      }),
    'messages.submessage': ({ accountId, messageId, content }) =>
      withClient(accountId, async (client) => {
        await sendSubmessage(client, messageId, content);
        return {};
      }),
    'messages.remind': ({ accountId, messageId, at }) =>
      withClient(accountId, async (client) => {
        const { data } = await createReminder(client, {
          message_id: messageId,
          scheduled_delivery_timestamp: at,
        });
        return { reminderId: data.reminder_id };
      }),
    'messages.snippets': ({ accountId }) =>
      withClient(accountId, async (client) => {
        const { data } = await getSavedSnippets(client);
        return data.saved_snippets.map((s) => ({
          id: s.saved_snippet_id,
          title: s.title,
          content: s.content,
        }));
      }),
    'messages.videoCall': ({ accountId }) =>
      withClient(accountId, async (client) => {
        const { data } = await createVideoCall(client);
        return { url: data.url };
      }),
  };
}

/**
 * The server cuts a message over its max_message_length (from register) without saying so:
 * refuse it here instead, before anything is sent. Unknown before the first registration.
 */
export function refuseOverLimit(content: string, max: number | undefined): void {
  if (max === undefined || content.length <= max) return;
  const length = [...content].length;
  if (length <= max) return;
  throw new RpcError({
    code: 'FAILED',
    message: `This message is ${length} characters long; this organization takes at most ${max}. Nothing was sent.`,
  });
}
