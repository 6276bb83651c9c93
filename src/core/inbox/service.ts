/**
 * The unified Inbox and Recent conversations over every signed-in account. Each account's
 * rows come from its synced state; the last live rows are kept so an organization that is
 * out of reach or signed out stays listed, marked stale, instead of disappearing. Changes
 * are pushed per account (`inbox.patch`, `recent.patch`) as the event queues apply them,
 * coalesced to one push per account per batch, and only the rows that changed (patch.ts).
 */
import type { ApiClient } from '../../api/client.ts';
import { NetworkError } from '../../api/errors.ts';
import { getMessages } from '../../api/routes/messages.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Account } from '../accounts/account.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { emptyTopicParams } from '../messages/empty-topic.ts';
import type { PushBus } from '../push-bus.ts';
import type {
  PendingReadTarget,
  ConversationTarget,
  InboxAccountWire,
  RecentAccountWire,
  RecentConversationWire,
  TopicStateWire,
} from '../../contract/schemas/inbox.ts';
import type { AccountStatus, AccountStores } from '../store/account-stores.ts';
import { markAllRead, markConversationRead, setChannelMuted, setTopicPolicy } from './actions.ts';
import { orgConnection, type OrgConnection } from './connection.ts';
import type { AccountInbox } from '../model/inbox-rows.ts';
import { diffInbox, keepFirstInbox, KeyedBaseline } from '../../contract/inbox-patch.ts';
import { ReadQueue } from './read-queue.ts';
import { conversationKey, RecentConversations, type RecentMessage } from './recent.ts';

/** Messages of history scanned for Recent conversations. */
const RECENT_WINDOW = 1000;
/** Conversations listed per account in Recent. */
const RECENT_LIMIT = 200;

const RECENT_EVENTS: ReadonlySet<string> = new Set([
  'message',
  'update_message',
  'delete_message',
  'user_topic',
  'subscription',
]);
const INBOX_EVENTS: ReadonlySet<string> = new Set([
  'user_topic',
  'subscription',
  'stream',
  'realm_user',
]);

interface Kept {
  /** Undefined while the account is live and nobody follows its Inbox: built when it stops. */
  inbox: AccountInbox | undefined;
  at: number;
}

interface Recent {
  model?: RecentConversations;
  loading?: Promise<void>;
  problem?: string;
}

export interface InboxDeps {
  clock: Clock;
  bus: PushBus;
  accounts: AccountManager;
  sync: AccountStores;
}

export class InboxService {
  readonly #deps: InboxDeps;
  readonly #kept = new Map<string, Kept>();
  readonly #queues = new Map<string, ReadQueue>();
  readonly #recent = new Map<string, Recent>();
  readonly #connections = new Map<string, OrgConnection>();
  readonly #dirty = new Set<string>();
  #flushScheduled = false;
  /** Views showing Recent (recent.get adds one, recent.unwatch takes it away). */
  #recentWatchers = 0;
  /** What was last pushed per account, to push only what changed since. */
  readonly #pushedInbox = new Map<string, KeyedBaseline>();
  /**
   * The rows each account's last diff read: the store hands back the same lists until its
   * models change (AccountStore.inbox), and the same lists under the same head differ from
   * the last push in nothing, so no row is compared again.
   */
  readonly #diffedInbox = new Map<string, { channels: unknown; dms: unknown; head: string }>();
  readonly #pushedRecent = new Map<string, KeyedBaseline>();

  constructor(deps: InboxDeps) {
    this.#deps = deps;
    const { bus } = deps;
    bus.subscribe(
      () => {
        for (const a of deps.accounts.list()) this.#touch(a.id);
      },
      (topic) => topic === 'accounts.changed',
    );
  }

  /** The account's unread sets changed (a registration included). */
  unreadsChanged(accountId: string): void {
    this.#touch(accountId);
  }

  /** The account stops: the Inbox it leaves is what its kept rows say, if they lag behind. */
  stopping(accountId: string, inbox: AccountInbox | undefined): void {
    const kept = this.#kept.get(accountId);
    if (kept && kept.inbox === undefined && inbox) kept.inbox = inbox;
  }

  /** A lost queue, even one lost while the connection looked live: what was missed reaches Recent. */
  restored(accountId: string): void {
    if (this.#recent.get(accountId)?.model)
      void this.#loadRecent(accountId, true).then(() => this.#touch(accountId));
  }

  /** Takes a batch of the account's events into Recent, and marks its Inbox to push. */
  follow(accountId: string, events: readonly ServerEvent[]): void {
    let inbox = false;
    for (const received of events) {
      const e = (received.type === 'unknown' ? received.payload : received) as { type: string };
      if (INBOX_EVENTS.has(e.type)) inbox = true;
      if (RECENT_EVENTS.has(e.type)) this.#recentEvent(accountId, e);
    }
    if (inbox) this.#touch(accountId);
  }

  /**
   * Every answer of the server, not only the changes of connection the windows hear of:
   * queued mark-reads go on the next answer.
   */
  statuses(statuses: AccountStatus[]): void {
    this.#statuses(statuses);
  }

  /**
   * Every account's Inbox, each as of its last patch (`seq`): what differed is pushed
   * first, so a view that applies the later patches to this stays exact.
   */
  snapshot(): InboxAccountWire[] {
    return this.#deps.accounts.list().map((a) => {
      const wire = this.#inboxOf(a);
      return { ...wire, seq: this.#pushInbox(wire) };
    });
  }

  async recentSnapshot(): Promise<RecentAccountWire[]> {
    this.#recentWatchers++;
    const accounts = this.#deps.accounts.list();
    await Promise.all(accounts.map((a) => this.#loadRecent(a.id)));
    return accounts.map((a) => {
      const wire = this.#recentOf(a);
      return { ...wire, seq: this.#pushRecent(wire) };
    });
  }

  /** A view showing Recent went away: with none left, Recent's changes are not pushed. */
  unwatchRecent(): void {
    this.#recentWatchers = Math.max(0, this.#recentWatchers - 1);
  }

  /**
   * Loads every account's Recent conversations without pushing their changes: so one that
   * goes out of reach or signs out later still has last known ones, at no cost per message
   * until Recent is actually shown.
   */
  async prepareRecent(): Promise<void> {
    await Promise.all(this.#deps.accounts.list().map((a) => this.#loadRecent(a.id)));
  }

  /** Marks a conversation read now, or queues it while its organization is out of reach. */
  async markRead(accountId: string, target: ConversationTarget): Promise<{ queued: boolean }> {
    const account = this.#account(accountId);
    const upTo = this.#newestShown(accountId, target);
    const { connection } = this.#connectionOf(account);
    if (connection !== 'live') {
      this.#queue(accountId).add(target, this.#label(accountId, target), upTo);
      this.#touch(accountId);
      return { queued: true };
    }
    try {
      await this.#sendRead(accountId, target, upTo);
      return { queued: false };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.#queue(accountId).add(target, this.#label(accountId, target), upTo);
      this.#touch(accountId);
      return { queued: true };
    }
  }

  /**
   * Marks every unread message of the organization read, up to the newest one its Inbox
   * shows, so a message that arrives after the user confirmed stays unread. Out of reach, it
   * is queued like a conversation's mark-read and goes out once when the organization is back.
   */
  async markAllRead(accountId: string): Promise<{ queued: boolean }> {
    // Its client first: an account not signed in is refused in the accounts' own words.
    await this.#client(accountId);
    const account = this.#account(accountId);
    const inbox = this.#deps.sync.inbox(accountId) ?? this.#kept.get(accountId)?.inbox;
    const ids = [
      ...(inbox?.channels.flatMap((c) => c.topics.map((t) => t.newestId)) ?? []),
      ...(inbox?.dms.map((d) => d.newestId) ?? []),
    ];
    if (inbox !== undefined && ids.length === 0) return { queued: false };
    const upTo = ids.length > 0 ? Math.max(...ids) : undefined;
    const all = { kind: 'all' } as const;
    const queue = (): { queued: boolean } => {
      this.#queue(accountId).add(all, 'All messages', upTo);
      this.#touch(accountId);
      return { queued: true };
    };
    if (this.#connectionOf(account).connection !== 'live') return queue();
    try {
      await this.#sendRead(accountId, all, upTo);
      return { queued: false };
    } catch (error) {
      // Only a request known not to have reached the server: a lost answer is read back.
      if (!(error instanceof NetworkError)) throw error;
      return queue();
    }
  }

  async setTopicPolicy(
    accountId: string,
    streamId: number,
    topic: string,
    policy: 0 | 1 | 2 | 3,
  ): Promise<void> {
    await setTopicPolicy(await this.#client(accountId), streamId, topic, policy);
  }

  /** What the account's state says of a topic; an unknown channel is said in words. */
  topicState(accountId: string, streamId: number, topic: string): TopicStateWire {
    const view = this.#deps.sync.topicView(this.#account(accountId).id, streamId, topic);
    if (view === undefined) {
      throw new Error('This channel is not known to the account yet; try again in a moment.');
    }
    const { channel, policy, muted, channelMuted } = view;
    return { channel, policy, muted, channelMuted };
  }

  async muteChannel(accountId: string, streamId: number, muted: boolean): Promise<void> {
    await setChannelMuted(await this.#client(accountId), streamId, muted);
  }

  dismiss(accountId: string, id: number): void {
    if (this.#queues.get(accountId)?.dismiss(id)) this.#touch(accountId);
  }

  /** One account's Inbox now (the bench and the push use it). */
  inboxOf(accountId: string): InboxAccountWire {
    return this.#inboxOf(this.#account(accountId));
  }

  /** Live now: the time is kept, and the rows left to be built when the store stops. */
  #markLive(account: Account): void {
    if (this.#connectionOf(account).connection !== 'live') return;
    this.#kept.set(account.id, { inbox: undefined, at: this.#deps.clock.now() });
  }

  #inboxOf(account: Account): InboxAccountWire {
    const { connection, problem, offlineSince } = this.#connectionOf(account);
    const now = this.#deps.sync.inbox(account.id);
    const live = connection === 'live' && now !== undefined;
    if (live) this.#kept.set(account.id, { inbox: now, at: this.#deps.clock.now() });
    const kept = this.#kept.get(account.id);
    // Out of reach with the state still loaded: the state is what was last known.
    const rows = now ?? kept?.inbox ?? { channels: [], dms: [] };
    const savedAt = live ? undefined : this.#deps.sync.savedAt(account.id);
    return {
      accountId: account.id,
      connection,
      stale: !live,
      ...(kept ? { liveAt: kept.at } : savedAt !== undefined ? { liveAt: savedAt } : {}),
      ...(savedAt !== undefined ? { savedAt } : {}),
      ...(problem ? { problem } : {}),
      ...(offlineSince !== undefined ? { offlineSince } : {}),
      channels: rows.channels,
      dms: rows.dms,
      pending: this.#queues.get(account.id)?.list() ?? [],
    };
  }

  #recentOf(account: Account): RecentAccountWire {
    const { connection, problem } = this.#connectionOf(account);
    const recent = this.#recent.get(account.id);
    const counts = new Map<string, { unread: number; mentions: number }>();
    const inbox = this.#deps.sync.inbox(account.id) ?? this.#kept.get(account.id)?.inbox;
    for (const c of inbox?.channels ?? []) {
      for (const t of c.topics) {
        counts.set(conversationKey({ kind: 'topic', streamId: c.streamId, topic: t.name }), t);
      }
    }
    for (const d of inbox?.dms ?? []) counts.set(conversationKey({ kind: 'dm', ...d }), d);
    const conversations: RecentConversationWire[] = [];
    for (const e of recent?.model?.list(RECENT_LIMIT) ?? []) {
      const count = counts.get(e.key);
      const row: RecentConversationWire = {
        key: e.key,
        target: e.target,
        participants: [...e.senders.values()].reverse(),
        lastMessageId: e.lastMessageId,
        lastActivity: e.lastActivity,
        unread: count?.unread ?? 0,
        mentions: count?.mentions ?? 0,
        policy: 0,
        muted: false,
      };
      if (e.target.kind === 'topic') {
        const view = this.#deps.sync.topicView(account.id, e.target.streamId, e.target.topic);
        // A channel the account no longer knows (unsubscribed, deleted) leaves Recent.
        if (view === undefined && connection === 'live') continue;
        row.topic = e.topic ?? e.target.topic;
        if (view) {
          row.channel = view.channel;
          if (view.color) row.color = view.color;
          row.policy = view.policy;
          row.muted = view.muted;
        }
      }
      conversations.push(row);
    }
    const why = problem ?? recent?.problem;
    return {
      accountId: account.id,
      connection,
      stale: connection !== 'live' || recent?.model === undefined,
      ...(why ? { problem: why } : {}),
      conversations,
    };
  }

  #loadRecent(accountId: string, force = false): Promise<void> {
    let recent = this.#recent.get(accountId);
    if (recent === undefined) {
      recent = {};
      this.#recent.set(accountId, recent);
    }
    if (recent.loading && !force) return recent.loading;
    if (recent.model && !force) return Promise.resolve();
    const entry = recent;
    entry.loading = (async () => {
      try {
        const { account, client } = await this.#deps.accounts.clientFor(accountId);
        const { data } = await getMessages(client, {
          anchor: 'newest',
          num_before: RECENT_WINDOW,
          num_after: 0,
          apply_markdown: false,
          ...(await emptyTopicParams(client)),
        });
        const model = new RecentConversations(account.userId);
        model.add(data.messages as RecentMessage[]);
        // Messages that arrived while loading were added to the old model, or not at all:
        // the fetched window already holds them.
        entry.model = model;
        delete entry.problem;
      } catch (error) {
        entry.problem = error instanceof Error ? error.message : String(error);
      } finally {
        delete entry.loading;
      }
    })();
    return entry.loading;
  }

  #recentEvent(accountId: string, e: { type: string }): void {
    const model = this.#recent.get(accountId)?.model;
    if (model === undefined) return;
    if (e.type === 'message') {
      model.add([(e as unknown as { message: RecentMessage }).message]);
    } else if (e.type === 'update_message') {
      const u = e as {
        stream_id?: number;
        new_stream_id?: number;
        orig_subject?: string;
        subject?: string;
        propagate_mode?: string;
        message_ids?: number[];
      };
      const from = u.stream_id;
      const moved = u.new_stream_id !== undefined || u.subject !== undefined;
      if (moved && from !== undefined) {
        const to = { streamId: u.new_stream_id ?? from, topic: u.subject ?? u.orig_subject ?? '' };
        // The moved messages go, each with its own; a whole topic's unseen ones follow too.
        if (u.message_ids) model.moveMessages(u.message_ids, to);
        if (u.propagate_mode === 'change_all' && u.orig_subject !== undefined) {
          model.moved({ streamId: from, topic: u.orig_subject }, to);
        }
      }
    } else if (e.type === 'delete_message') {
      const d = e as { message_id?: number; message_ids?: number[] };
      model.remove(d.message_ids ?? (d.message_id === undefined ? [] : [d.message_id]));
    }
    this.#touch(accountId);
  }

  #statuses(statuses: AccountStatus[]): void {
    for (const account of this.#deps.accounts.list()) {
      const status = statuses.find((s) => s.accountId === account.id);
      const { connection } = orgConnection(account, status);
      const before = this.#connections.get(account.id);
      if (before !== connection) {
        this.#connections.set(account.id, connection);
        this.#touch(account.id);
      }
      if (connection !== 'live') continue;
      // Back in reach: what was missed reaches Recent.
      if (before !== connection && before !== undefined && this.#recent.get(account.id)?.model) {
        void this.#loadRecent(account.id, true).then(() => this.#touch(account.id));
      }
    }
  }

  /**
   * The account's queue was answered (any answer, a heartbeat's included): queued
   * mark-reads go now, not only when the connection comes back, since a stall shorter than
   * the heartbeat fails a request but never shows as a change of connection.
   */
  serverAnswers(accountId: string): void {
    const queue = this.#queues.get(accountId);
    if (!queue?.hasQueued()) return;
    void queue.flush(
      (target, upTo) => this.#sendRead(accountId, target, upTo),
      () => this.#touch(accountId),
    );
  }

  #touch(accountId: string): void {
    this.#dirty.add(accountId);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    queueMicrotask(() => this.#publish());
  }

  #publish(): void {
    this.#flushScheduled = false;
    const ids = [...this.#dirty];
    this.#dirty.clear();
    for (const id of ids) {
      const account = this.#deps.accounts.list().find((a) => a.id === id);
      if (account === undefined) {
        this.#forget(id);
        this.#deps.bus.publish('inbox.removed', { accountId: id });
        continue;
      }
      // Nobody follows the Inbox (no window shows it): the next snapshot diffs from the last
      // push, so skipping it now loses nothing. The last live Inbox, kept for when the account
      // goes out of reach, is built only when its store stops (`stopping`): until then the
      // store itself has the rows.
      if (this.#deps.bus.wanted('inbox.patch')) this.#pushInbox(this.#inboxOf(account));
      else this.#markLive(account);
      // As for the sidebar (SidebarPush.touch): a view gone with its window never unwatches.
      if (
        this.#recentWatchers > 0 &&
        this.#deps.bus.wanted('recent.patch') &&
        this.#recent.get(id)?.model
      ) {
        this.#pushRecent(this.#recentOf(account));
      }
    }
  }

  /** Pushes what differs from the last push, if anything; returns the account's patch count. */
  #pushInbox(wire: InboxAccountWire): number {
    const { channels, dms, seq: _s, ...head } = wire;
    const baseline = this.#baseline(this.#pushedInbox, wire.accountId);
    const headText = JSON.stringify(head);
    const last = this.#diffedInbox.get(wire.accountId);
    if (last?.channels === channels && last.dms === dms && last.head === headText)
      return baseline.seq;
    this.#diffedInbox.set(wire.accountId, { channels, dms, head: headText });
    // No view follows this account's Inbox yet (a start's first `inbox.get`): its first push
    // is kept as the lists, not made into thousands of rows that nobody is sent.
    if (
      !this.#deps.bus.wanted('inbox.patch', wire.accountId) &&
      keepFirstInbox(baseline, wire, headText)
    )
      return ++baseline.seq;
    const patch = diffInbox(baseline, wire, headText);
    if (patch === undefined) return baseline.seq;
    this.#deps.bus.publish('inbox.patch', { ...patch, seq: ++baseline.seq });
    return baseline.seq;
  }

  #pushRecent(wire: RecentAccountWire): number {
    const { conversations, seq: _s, ...head } = wire;
    const baseline = this.#baseline(this.#pushedRecent, wire.accountId);
    const rows = baseline.diff<RecentConversationWire | { head: typeof head }>(
      [{ head }, ...conversations],
      (r) => ('head' in r ? 'head' : r.key),
    );
    if (rows.upsert.length === 0 && rows.remove.length === 0) return baseline.seq;
    this.#deps.bus.publish('recent.patch', {
      accountId: wire.accountId,
      seq: ++baseline.seq,
      head,
      upsert: rows.upsert.filter((r): r is RecentConversationWire => !('head' in r)),
      remove: rows.remove,
    });
    return baseline.seq;
  }

  #baseline(map: Map<string, KeyedBaseline>, accountId: string): KeyedBaseline {
    let baseline = map.get(accountId);
    if (baseline === undefined) {
      baseline = new KeyedBaseline();
      map.set(accountId, baseline);
    }
    return baseline;
  }

  #forget(accountId: string): void {
    this.#pushedInbox.delete(accountId);
    this.#diffedInbox.delete(accountId);
    this.#pushedRecent.delete(accountId);
    this.#kept.delete(accountId);
    this.#queues.delete(accountId);
    this.#recent.delete(accountId);
    this.#connections.delete(accountId);
  }

  async #sendRead(
    accountId: string,
    target: PendingReadTarget,
    upTo: number | undefined,
  ): Promise<void> {
    const { account, client } = await this.#deps.accounts.clientFor(accountId);
    if (target.kind === 'all') await markAllRead(client, upTo);
    else await markConversationRead(client, target, account.userId, upTo);
  }

  async #client(accountId: string): Promise<ApiClient> {
    return (await this.#deps.accounts.clientFor(accountId)).client;
  }

  #account(accountId: string): Account {
    const account = this.#deps.accounts.list().find((a) => a.id === accountId);
    if (account === undefined) throw new Error('That account is no longer signed in.');
    return account;
  }

  #connectionOf(account: Account): ReturnType<typeof orgConnection> {
    // One account's status: every account's is built per health update, each answer of a
    // server's included, where this runs for each account's Inbox push.
    return orgConnection(account, this.#deps.sync.status(account.id));
  }

  #queue(accountId: string): ReadQueue {
    let queue = this.#queues.get(accountId);
    if (queue === undefined) {
      queue = new ReadQueue();
      this.#queues.set(accountId, queue);
    }
    return queue;
  }

  /** The newest unread message the rows showed for the conversation. */
  #newestShown(accountId: string, target: ConversationTarget): number | undefined {
    const inbox = this.#deps.sync.inbox(accountId) ?? this.#kept.get(accountId)?.inbox;
    if (inbox === undefined) return undefined;
    if (target.kind === 'dm') {
      const key = target.userIds.join(',');
      return inbox.dms.find((d) => d.userIds.join(',') === key)?.newestId;
    }
    const channel = inbox.channels.find((c) => c.streamId === target.streamId);
    const topics =
      target.kind === 'topic'
        ? channel?.topics.filter((t) => t.name.toLowerCase() === target.topic.toLowerCase())
        : channel?.topics;
    const ids = (topics ?? []).map((t) => t.newestId);
    return ids.length > 0 ? Math.max(...ids) : undefined;
  }

  #label(accountId: string, target: ConversationTarget): string {
    if (target.kind === 'dm') {
      const key = target.userIds.join(',');
      const inbox = this.#kept.get(accountId)?.inbox ?? this.#deps.sync.inbox(accountId);
      const dm = inbox?.dms.find((d) => d.userIds.join(',') === key);
      return dm ? dm.names.join(', ') : 'a direct conversation';
    }
    const view = this.#deps.sync.topicView(
      accountId,
      target.streamId,
      target.kind === 'topic' ? target.topic : '',
    );
    const channel = view?.channel ?? 'a channel';
    return target.kind === 'topic' ? `#${channel} > ${target.topic}` : `#${channel}`;
  }
}
