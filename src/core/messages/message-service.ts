/**
 * Message browsing and writing for the RPC handlers: history windows (from the kept messages
 * when they decide them; GET /messages is spec section 4.5), messages by id, sending,
 * marking read, reactions, saved snippets and video calls. A write whose answer is lost is
 * read back before it is called failed (docs/architecture.md, "Writes").
 */
import type { ApiClient } from '../../api/client.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { createVideoCall } from '../../api/routes/calls.ts';
import { getMessages, sendMessage, updateMessageFlags } from '../../api/routes/messages.ts';
import { addReaction, removeReaction } from '../../api/routes/reactions.ts';
import { getSavedSnippets } from '../../api/routes/saved-snippets.ts';
import type { Args, Result } from '../../contract/contract.ts';
import { RpcError } from '../../contract/errors.ts';
import type { Account } from '../accounts/account.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { AccountStores } from '../store/account-stores.ts';
import { emptyTopicParams } from './empty-topic.ts';
import type { MessagesKeeper } from './messages-keeper.ts';
import { newestUnread } from './newest-unread.ts';
import { offlineAction, unkept, type WriteArgs } from './offline-action.ts';
import { OfflineWrites } from './offline-writes.ts';
import type { PendingAction, PendingActions } from './pending-actions.ts';
import { allHaveFlag, describeMessage, hasMyReaction } from './read-back.ts';
import { hasSearch, searchKept } from './store/offline-search.ts';
import { fetchThroughStore } from './store/served-fetch.ts';

export interface MessageServiceDeps {
  accounts: Pick<AccountManager, 'clientFor' | 'list'>;
  sync: Pick<AccountStores, 'unreadSummary'>;
  messages: Pick<MessagesKeeper, 'store' | 'access'>;
  /** Where reactions and read marks made offline wait for the server (offline-writes.ts). */
  writes?: OfflineWrites;
  /** Settles the reads and reactions whose answer was lost. */
  pending?: Pick<PendingActions, 'run'>;
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

export class MessageService {
  readonly #deps: MessageServiceDeps;

  /**
   * Out of reach: kept and made once the server answers again (offline-writes.ts); a lost
   * answer is settled by the pending-actions keeper, wherever the reader goes.
   */
  readonly markRead: (args: Args<'messages.markRead'>) => Promise<Result<'messages.markRead'>>;
  /** Out of reach: kept and made once the server answers again, as a read mark. */
  readonly react: (args: Args<'messages.react'>) => Promise<Result<'messages.react'>>;

  constructor(deps: MessageServiceDeps) {
    this.#deps = deps;
    const parts = {
      accounts: deps.accounts,
      writes: deps.writes ?? new OfflineWrites(),
      pending: deps.pending ?? unkept,
    };
    this.markRead = offlineAction(parts, 'read', (client, account, args) =>
      this.markReadAction(client, account, args),
    );
    this.react = offlineAction(parts, 'reaction', (client, account, args) =>
      this.reactAction(client, account, args),
    );
  }

  /** The account's shared client: its pacing and connections serve every call. */
  async #withClient<T>(
    accountId: string,
    run: (client: ApiClient, account: Account) => Promise<T>,
  ): Promise<T> {
    const { account, client } = await this.#deps.accounts.clientFor(accountId);
    return run(client, account);
  }

  /** The conversation of the newest unread message over every account that needs no attention. */
  newestUnread(): Promise<Result<'messages.newestUnread'>> {
    const { accounts, sync } = this.#deps;
    return newestUnread(
      accounts
        .list()
        .filter((a) => !a.attention)
        .map((a) => ({
          accountId: a.id,
          myUserId: a.userId,
          summary: sync.unreadSummary(a.id),
          client: async () => (await accounts.clientFor(a.id)).client,
        })),
    );
  }

  async fetch(args: Args<'messages.fetch'>): Promise<Result<'messages.fetch'>> {
    const { access } = this.#deps.messages;
    try {
      return await this.#withClient(args.accountId, (client) =>
        fetchThroughStore(access, client, args),
      );
    } catch (err) {
      // A search with the server out of reach reads the saved copy instead, and says so.
      if (!(err instanceof NetworkError) || !hasSearch(args.narrow)) throw err;
      const found = searchKept(
        access.store.existing(args.accountId),
        args.narrow,
        access.lookup(args.accountId),
        args.numBefore + args.numAfter,
      );
      if (!found) throw err;
      return found;
    }
  }

  byIds({ accountId, messageIds, narrow }: Args<'messages.byIds'>) {
    const { store, access } = this.#deps.messages;
    return this.#withClient(accountId, async (client) => {
      const kept = narrow || !access.enabled() ? undefined : store.byIds(accountId, messageIds);
      if (kept) return kept;
      const { data } = await getMessages(client, {
        message_ids: messageIds,
        ...(narrow ? { narrow } : {}),
        apply_markdown: true,
        ...(await emptyTopicParams(client)),
      });
      return data.messages;
    });
  }

  /** Refused before anything is sent when longer than the organization takes. */
  refuseOverLimit(accountId: string, content: string): void {
    refuseOverLimit(content, this.#deps.sync.unreadSummary(accountId)?.maxMessageLength);
  }

  send({ accountId, to, content }: Args<'messages.send'>): Promise<Result<'messages.send'>> {
    return this.#withClient(accountId, async (client) => {
      this.refuseOverLimit(accountId, content);
      const params =
        to.type === 'stream'
          ? { type: 'stream' as const, to: to.streamId, topic: to.topic, content }
          : { type: 'direct' as const, to: to.userIds, content };
      const { data } = await sendMessage(client, params);
      return { id: data.id };
    });
  }

  /** The read mark as the keeper settles it, now or after a restart (pending-record.ts). */
  markReadAction(client: ApiClient, account: Account, args: WriteArgs<'read'>): PendingAction {
    const { accountId, messageIds } = args;
    const first = messageIds[0]!;
    const more = messageIds.length - 1;
    return {
      accountId,
      messageId: first,
      what: 'Your read mark',
      notHeld: more > 0 ? `it and ${more} more are still unread` : 'it is still unread',
      write: () => updateMessageFlags(client, { messages: messageIds, op: 'add', flag: 'read' }),
      holds: () => allHaveFlag(client, messageIds, 'read'),
      describe: () => describeMessage(client, first, account.userId),
      record: { channel: 'messages.markRead', accountId, args: { ...args } },
    };
  }

  /** The reaction as the keeper settles it, now or after a restart (pending-record.ts). */
  reactAction(client: ApiClient, account: Account, args: WriteArgs<'reaction'>): PendingAction {
    const { accountId, messageId, op, emojiName, emojiCode, reactionType } = args;
    const params = { emoji_name: emojiName, emoji_code: emojiCode, reaction_type: reactionType };
    const emoji = { code: emojiCode, type: reactionType };
    return {
      accountId,
      messageId,
      what: `Your ${emojiName} reaction${op === 'add' ? '' : "'s removal"}`,
      notHeld: op === 'add' ? 'it is not there' : 'it is still there',
      describe: () => describeMessage(client, messageId, account.userId),
      write: () =>
        (op === 'add'
          ? addReaction(client, messageId, params)
          : removeReaction(client, messageId, params)
        ).catch((err: unknown) => {
          // A try again after a lost answer finds the reaction already as asked: done.
          if (!(err instanceof ApiError)) throw err;
          const already = op === 'add' ? 'REACTION_ALREADY_EXISTS' : 'REACTION_DOES_NOT_EXIST';
          if (err.code !== already) throw err;
        }),
      holds: async () =>
        (await hasMyReaction(client, messageId, account.userId, emoji)) === (op === 'add'),
      record: { channel: 'messages.react', accountId, args: { ...args } },
    };
  }

  snippets(accountId: string): Promise<Result<'messages.snippets'>> {
    return this.#withClient(accountId, async (client) => {
      const { data } = await getSavedSnippets(client);
      return data.saved_snippets.map((s) => ({
        id: s.saved_snippet_id,
        title: s.title,
        content: s.content,
      }));
    });
  }

  videoCall(accountId: string): Promise<{ url: string }> {
    return this.#withClient(accountId, async (client) => {
      const { data } = await createVideoCall(client);
      return { url: data.url };
    });
  }
}
