/**
 * Message actions: view source, edit and move, delete, star, and mark unread from a message
 * on. Each is one request; what it changes comes back to every client, this one included,
 * as the server's events. A write whose answer is lost is read back before it is called
 * failed (docs/architecture.md, "Writes").
 */
import type { ApiClient } from '../../api/client.ts';
import { NetworkError } from '../../api/errors.ts';
import {
  deleteMessage,
  getMessage,
  updateMessage,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  type UpdateMessageParams,
} from '../../api/routes/messages.ts';
import { getReadReceipts } from '../../api/routes/read-receipts.ts';
import { createReminder } from '../../api/routes/reminders.ts';
import { sendSubmessage } from '../../api/routes/submessages.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { Account } from '../accounts/account.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { AccountState } from '../model/account-state.ts';
import {
  describeMessage,
  hasFlag,
  isGone,
  mySubmessages,
  readsAs,
  unreadFrom,
} from './read-back.ts';
import { offlineAction, unkept, type WriteArgs } from './offline-action.ts';
import { OfflineWrites } from './offline-writes.ts';
import type { PendingAction, PendingActions } from './pending-actions.ts';
import { reconciled, Unreached } from './reconcile.ts';
import { widgetWords } from './widget-words.ts';

/** Upstream's web app marks at most this many messages unread in one go. */
const UNREAD_FROM_LIMIT = 5000;

export class MessageActions {
  readonly #accounts: Pick<AccountManager, 'clientFor'>;
  readonly #stateOf: (accountId: string) => AccountState | undefined;
  readonly #pending: Pick<PendingActions, 'run'>;

  /**
   * Out of reach: starred once the server answers again (offline-writes.ts); a lost answer
   * is settled by the pending-actions keeper, wherever the reader goes.
   */
  readonly star: (args: Args<'messages.star'>) => Promise<Result<'messages.star'>>;

  constructor(
    accounts: Pick<AccountManager, 'clientFor'>,
    stateOf: (accountId: string) => AccountState | undefined = () => undefined,
    writes = new OfflineWrites(),
    pending: Pick<PendingActions, 'run'> = unkept,
  ) {
    this.#accounts = accounts;
    this.#stateOf = stateOf;
    this.#pending = pending;
    this.star = offlineAction({ accounts, writes, pending }, 'star', (client, account, args) =>
      this.starAction(client, account, args),
    );
  }

  async #withClient<T>(
    accountId: string,
    run: (client: ApiClient, account: Account) => Promise<T>,
  ): Promise<T> {
    const { client, account } = await this.#accounts.clientFor(accountId);
    return run(client, account);
  }

  source({ accountId, messageId }: Args<'messages.source'>): Promise<Result<'messages.source'>> {
    return this.#withClient(accountId, async (client) => {
      const { data } = await getMessage(client, messageId, { apply_markdown: false });
      return { rawContent: data.raw_content };
    });
  }

  /** Who has read a message (GET /messages/{id}/read_receipts), by name, the reader first. */
  readReceipts({
    accountId,
    messageId,
  }: Args<'messages.readReceipts'>): Promise<Result<'messages.readReceipts'>> {
    return this.#withClient(accountId, async (client, account) => {
      const { data } = await getReadReceipts(client, messageId);
      const state = this.#stateOf(accountId);
      const readers = data.user_ids.map((userId) => ({
        userId,
        name:
          userId === account.userId
            ? 'You'
            : (state?.user(userId)?.full_name ?? 'Someone no longer in the organization'),
      }));
      // The reader first, then everyone else by name, as upstream's list reads.
      readers.sort((a, b) =>
        a.userId === account.userId
          ? -1
          : b.userId === account.userId
            ? 1
            : a.name.localeCompare(b.name),
      );
      return { readers };
    });
  }

  /**
   * A widget's change (a vote, a task ticked), sent as a submessage (POST /submessage). A lost
   * answer is settled by the pending-actions keeper: the server took it when the message holds
   * one more submessage of the user's with this content than before it was sent.
   */
  submessage(args: Args<'messages.submessage'>): Promise<Result<'messages.submessage'>> {
    return this.#withClient(args.accountId, async (client, account) => {
      let before: number;
      try {
        before = await mySubmessages(client, args.messageId, account.userId, args.content);
      } catch (err) {
        // Nothing was sent yet: nothing changed.
        if (err instanceof NetworkError) throw new Unreached(err);
        throw err;
      }
      await this.#pending.run(this.submessageAction(client, account, args, before));
      return {};
    });
  }

  /** The widget change as the keeper settles it, now or after a restart (pending-record.ts). */
  submessageAction(
    client: ApiClient,
    account: Account,
    args: Args<'messages.submessage'>,
    before: number,
  ): PendingAction {
    const { accountId, messageId, content } = args;
    return {
      accountId,
      messageId,
      ...widgetWords(content),
      write: () => sendSubmessage(client, messageId, content),
      holds: async () => (await mySubmessages(client, messageId, account.userId, content)) > before,
      describe: () => describeMessage(client, messageId, account.userId),
      record: { channel: 'messages.submessage', accountId, args: { ...args }, before },
    };
  }

  /** "Remind me about this" (POST /reminders): the server sends the reminder at its time. */
  remind({
    accountId,
    messageId,
    at,
  }: Args<'messages.remind'>): Promise<Result<'messages.remind'>> {
    return this.#withClient(accountId, async (client) => {
      const { data } = await createReminder(client, {
        message_id: messageId,
        scheduled_delivery_timestamp: at,
      });
      return { reminderId: data.reminder_id };
    });
  }

  edit(a: Args<'messages.edit'>) {
    return this.#withClient(a.accountId, async (client) => {
      const params: UpdateMessageParams = {};
      if (a.content !== undefined) params.content = a.content;
      if (a.topic !== undefined) params.topic = a.topic;
      if (a.streamId !== undefined) params.stream_id = a.streamId;
      if (a.topic !== undefined || a.streamId !== undefined) {
        params.propagate_mode = a.propagateMode ?? 'change_one';
        params.send_notification_to_old_thread = a.notifyOldThread ?? false;
        params.send_notification_to_new_thread = a.notifyNewThread ?? true;
      }
      // A lost answer is checked against the message itself (docs/architecture.md, "Writes").
      await reconciled(
        () => updateMessage(client, a.messageId, params),
        () => readsAs(client, a.messageId, a),
      );
      return {};
    });
  }

  delete({ accountId, messageId }: Args<'messages.delete'>) {
    return this.#withClient(accountId, async (client) => {
      await reconciled(
        () => deleteMessage(client, messageId),
        () => isGone(client, messageId),
      );
      return {};
    });
  }

  /** The star as the keeper settles it, now or after a restart (pending-record.ts). */
  starAction(client: ApiClient, account: Account, args: WriteArgs<'star'>): PendingAction {
    const { accountId, messageId, starred } = args;
    const op = starred ? 'add' : 'remove';
    return {
      accountId,
      messageId,
      what: starred ? 'Your star' : 'Your unstar',
      notHeld: starred ? 'it is not starred' : 'it is still starred',
      write: () => updateMessageFlags(client, { messages: [messageId], op, flag: 'starred' }),
      holds: async () => (await hasFlag(client, messageId, 'starred')) === starred,
      describe: () => describeMessage(client, messageId, account.userId),
      record: { channel: 'messages.star', accountId, args: { ...args } },
    };
  }

  unreadFrom({
    accountId,
    messageId,
    narrow,
  }: Args<'messages.unreadFrom'>): Promise<Result<'messages.unreadFrom'>> {
    return this.#withClient(accountId, async (client, account) => {
      // How many changed is known only from the answer; a lost one leaves it unknown.
      let count: number | null = null;
      await reconciled(
        async () => {
          const { data } = await updateMessageFlagsForNarrow(client, {
            anchor: messageId,
            include_anchor: true,
            num_before: 0,
            num_after: UNREAD_FROM_LIMIT,
            narrow,
            op: 'remove',
            flag: 'read',
          });
          count = data.updated_count;
        },
        () => unreadFrom(client, messageId, narrow, account.userId),
      );
      return { count };
    });
  }
}
