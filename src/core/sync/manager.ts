/**
 * Background sync of every signed-in account: one store (store/account-store.ts) and one
 * AccountSync that polls for it each, the tray badge over all of them, Perch's Do Not
 * Disturb, and the "why" log with each queue's health for the Activity panel.
 */
import type { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChannelDirectory } from '../model/channel-directory.ts';
import type { AccountInbox } from '../model/inbox-rows.ts';
import type { AccountState } from '../model/account-state.ts';
import type { UnreadSummary } from '../model/unread-summary.ts';
import { AccountNotifications } from '../notify/account-notifications.ts';
import { trayBadge, type AccountBadgeInput, type TrayBadge } from '../notify/badge.ts';
import { DecisionLog, type DecisionEntry } from '../notify/decisions-log.ts';
import { DoNotDisturb, type DndChoice, type DndState } from '../notify/dnd.ts';
import type { BadgeSink, Notifier, SoundPlayer } from '../notify/notifier.ts';
import type { WindowPresence } from '../presence/reporter.ts';
import { AccountStore, NO_PARTS, type StoreParts, type TopicView } from '../store/account-store.ts';
import { AccountSync, type AccountHealth } from './account-sync.ts';
import type { BackoffPolicy } from './backoff.ts';
import { ServerLiveCheck } from './live-check.ts';
import type { AccountStopError } from './event-queue.ts';
import type { AccountStores } from '../store/account-stores.ts';

export type { TopicView };

export interface AccountSyncStatus {
  accountId: string;
  health: AccountHealth;
  /** The account's copy on disk, when the Core keeps one (src/core/cache/). */
  cache?: AccountCacheStatus;
  /** The last write made offline that the server refused when it answered again. */
  droppedWrite?: { text: string; code: string; at: number };
}

export interface AccountCacheStatus {
  /** Whether a copy of this account is kept on this computer. */
  on: boolean;
  /** When the copy the views show was saved, while they show it (before the server answers). */
  showingSavedAt: number | null;
  /** The last thing that went wrong with the copy, in words. */
  note: { text: string; code: string; at: number } | null;
}

export interface SyncManagerOptions {
  clock: Clock;
  notifier: Notifier;
  sound: SoundPlayer;
  badge: BadgeSink;
  /**
   * The account's authenticated client. The accounts manager owns it (the views' calls share
   * it) and closes it; a stopped queue leaves it open.
   */
  clientFor: (accountId: string) => Promise<ApiClient>;
  /** The server rejected the account's credentials: its queue has stopped for good. */
  onCredentialsRejected: (accountId: string, error: AccountStopError) => void | Promise<void>;
  onHealth?: (status: AccountSyncStatus) => void;
  onDecisions?: (accountId: string, entries: DecisionEntry[]) => void;
  /** Whether the user muted a DM conversation of the account in Perch (rule A8). */
  dmMuted?: (accountId: string, userIds: number[], selfId: number) => boolean;
  backoff?: BackoffPolicy;
  random?: () => number;
  /**
   * Before an account's queue starts: its store may be filled from the cache on disk, so the
   * views paint before the server answers (src/core/cache/).
   */
  beforeStart?: (accountId: string, store: AccountStore) => Promise<void>;
  cacheStatus?: (accountId: string, store: AccountStore) => AccountCacheStatus | undefined;
  /** Whether a cache on disk keeps the account: its store keeps what a snapshot needs. */
  keepsSnapshots?: (accountId: string) => boolean;
  /** The last offline write of the account the server refused (messages/offline-writes.ts). */
  droppedWrite?: (accountId: string) => AccountSyncStatus['droppedWrite'];
  /**
   * No account shows its copy from the cache on disk any more: every one was replaced by the
   * server's or went with its account's stop.
   */
  savedCopiesLetGo?: () => void;
}

interface Watched {
  store: AccountStore;
  sync: AccountSync;
}

export class SyncManager implements AccountStores {
  readonly dnd: DoNotDisturb;
  private readonly opts: SyncManagerOptions;
  private readonly log = new DecisionLog();
  private readonly accounts = new Map<string, Watched>();
  private lastBadge: TrayBadge = { count: 0, icon: 'none' };
  /** The Core-wide keepers every account's store calls (none until the Core attaches them). */
  private parts: StoreParts = NO_PARTS;
  /** Whether a Perch window is open and in use: every account's presence reports follow it. */
  #window: WindowPresence = 'closed';

  /** Whether a Perch window is open and in use now (the last `setWindow`). */
  get window(): WindowPresence {
    return this.#window;
  }
  /** One live check per server, so its accounts' quiet polls share it (live-check.ts). */
  private readonly liveChecks = new Map<string, ServerLiveCheck>();
  /** A saved copy was replaced since savedCopiesLetGo was last called. */
  private copiesLetGo = false;
  private letGoQueued = false;
  /** Quitting: every account stops at once. */
  private closing = false;
  /** Each start still reading its account's key; a stop meanwhile takes it away. */
  private readonly starting = new Map<string, symbol>();

  constructor(options: SyncManagerOptions) {
    this.opts = options;
    this.dnd = new DoNotDisturb(options.clock);
  }

  /** The keepers each account's store calls; the Core attaches them before any account starts. */
  attach(parts: StoreParts): void {
    this.parts = parts;
  }

  /** Starts (or restarts, after a new sign-in) watching an account; returns once it runs. */
  async startAccount(accountId: string): Promise<void> {
    // This start is the account's from the call on: the stop below forgets any earlier start
    // at once, and any stop called after this one forgets this start.
    const stopping = this.stopAccount(accountId);
    const start = Symbol(accountId);
    this.starting.set(accountId, start);
    await stopping;
    const mine = () => this.starting.get(accountId) === start;
    const client = await this.opts.clientFor(accountId).catch((err: unknown) => {
      if (mine()) this.starting.delete(accountId);
      throw err;
    });
    // Stopped (signed out) or started again while its key was read: that stop found nothing
    // to stop yet, so this start must not run. (The client is the account's, shared, and the
    // AccountManager closes it: account-sync.ts.)
    if (!mine()) return;
    this.starting.delete(accountId);
    const notifications = new AccountNotifications({
      accountId,
      clock: this.opts.clock,
      notifier: this.opts.notifier,
      sound: this.opts.sound,
      dnd: this.dnd,
      ...(this.opts.dmMuted
        ? {
            dmMuted: (userIds: number[], selfId: number) =>
              this.opts.dmMuted?.(accountId, userIds, selfId) ?? false,
          }
        : {}),
      onDecisions: (entries) => {
        for (const entry of entries) this.log.add(accountId, entry);
        this.opts.onDecisions?.(accountId, entries);
      },
    });
    const store = new AccountStore(
      accountId,
      this.parts,
      notifications,
      {
        badgeChanged: () => this.pushBadge(),
        savedCopyLetGo: () => this.savedCopyLetGo(),
      },
      { snapshots: this.opts.keepsSnapshots?.(accountId) ?? true },
    );
    const sync = new AccountSync({
      client,
      clock: this.opts.clock,
      store,
      onHealth: (health) => this.opts.onHealth?.({ accountId, health }),
      window: this.#window,
      onCredentialsRejected: (error) => {
        void Promise.resolve(this.opts.onCredentialsRejected(accountId, error)).catch(() => {
          // The account may have been removed meanwhile; its queue has stopped either way.
        });
      },
      ...(this.opts.backoff ? { backoff: this.opts.backoff } : {}),
      ...(this.opts.random ? { random: this.opts.random } : {}),
      liveCheck: this.liveCheckOf(client.realmUrl),
    });
    this.accounts.set(accountId, { store, sync });
    await this.opts.beforeStart?.(accountId, store).catch(() => undefined);
    // Stopped or restarted while the cache was read: that start is not this one's to run.
    const current = () => this.accounts.get(accountId)?.sync === sync;
    if (!current()) return;
    if (store.cachedAt === undefined) {
      void sync.start();
      return;
    }
    // Shown from the copy on disk: the replay of its models and the registration (with the
    // HTTP client's first connection) wait for the end of this turn, so the other accounts'
    // copies and the first Inbox, which the saved rows give, come before either
    // (docs/architecture.md, "The cache on disk").
    setImmediate(() => {
      if (!current()) return;
      store.settle();
      void sync.start();
    });
  }

  /** An account's models from the cache on disk were replaced by the server's. */
  private savedCopyLetGo(): void {
    this.copiesLetGo = true;
    if (this.letGoQueued) return;
    this.letGoQueued = true;
    // After the turn that applied the registration: its answer's objects are garbage too.
    setImmediate(() => {
      this.letGoQueued = false;
      if (!this.copiesLetGo) return;
      if ([...this.accounts.values()].some((w) => w.store.cachedAt !== undefined)) return;
      this.copiesLetGo = false;
      this.opts.savedCopiesLetGo?.();
    });
  }

  private liveCheckOf(realmUrl: string): ServerLiveCheck {
    let check = this.liveChecks.get(realmUrl);
    if (!check) {
      check = new ServerLiveCheck({ clock: this.opts.clock });
      check.setShown(this.#window !== 'closed');
      this.liveChecks.set(realmUrl, check);
    }
    return check;
  }

  /** The account's store, while its queue is watched. */
  store(accountId: string): AccountStore | undefined {
    return this.accounts.get(accountId)?.store;
  }

  /**
   * Whether the account's queue is registered and polling, so its events arrive. Not while
   * it registers again, backs off or goes unanswered: events may be lost or late then.
   */
  isFollowing(accountId: string): boolean {
    const watched = this.accounts.get(accountId);
    return watched?.store.state !== undefined && watched.sync.health().state === 'polling';
  }

  isShowingSaved(accountId: string): boolean {
    return this.savedAt(accountId) !== undefined;
  }

  savedAt(accountId: string): number | undefined {
    return this.accounts.get(accountId)?.store.cachedAt;
  }

  /** The account's event queue now, if registered: a send names it to get its own echo. */
  queueId(accountId: string): string | undefined {
    return this.accounts.get(accountId)?.sync.health().queueId;
  }

  /**
   * A Perch window became active (the user is there), idle (open, not in use) or closed
   * (none open): every account reports "active", "idle" or nothing.
   */
  setWindow(window: WindowPresence): void {
    this.#window = window;
    for (const { sync } of this.accounts.values()) sync.setWindow(window);
    for (const check of this.liveChecks.values()) check.setShown(window !== 'closed');
  }

  /** An account's synced state (settings, people); undefined before its first registration. */
  state(accountId: string): AccountState | undefined {
    return this.store(accountId)?.state;
  }

  /** Exact unread counts per channel, topic and conversation; undefined before the first registration. */
  unreadSummary(accountId: string): UnreadSummary | undefined {
    return this.store(accountId)?.unreadSummary();
  }

  /** Every channel the account's user can see; undefined before the first registration. */
  channels(accountId: string): ChannelDirectory | undefined {
    return this.store(accountId)?.channelDirectory();
  }

  /** The account's Inbox from its synced state; undefined before the first registration. */
  inbox(accountId: string): AccountInbox | undefined {
    return this.store(accountId)?.inbox();
  }

  /** A channel's name and mute with one topic's policy; undefined if the account does not know it. */
  topicView(accountId: string, streamId: number, topic: string): TopicView | undefined {
    return this.store(accountId)?.topicView(streamId, topic);
  }

  /** Stops watching an account, releasing its queue on the server unless told not to. */
  async stopAccount(accountId: string, release = true): Promise<void> {
    this.starting.delete(accountId);
    const watched = this.accounts.get(accountId);
    if (!watched) return;
    this.accounts.delete(accountId);
    watched.store.reset(true);
    await watched.sync.stop(release);
    this.log.forget(accountId);
    this.pushBadge();
    // Stopped (signed out, say) while it still showed its saved copy: that copy is let go
    // too. Unsaid, the accounts whose copies were replaced before it waited on this one,
    // and the memory they all held would never be given back (docs/architecture.md,
    // "The cache on disk"). Quitting gives everything back anyway.
    if (watched.store.cachedAt !== undefined && !this.closing) this.savedCopyLetGo();
  }

  /** Woke from sleep or the network changed: every queue reconnects now instead of waiting. */
  kickAll(): void {
    for (const { sync } of this.accounts.values()) sync.kick();
  }

  /**
   * The window got focus: the user is looking, so open notifications have done their job,
   * and an account waiting to retry its server tries now.
   */
  windowFocused(): void {
    for (const { store, sync } of this.accounts.values()) {
      store.notifications.clear();
      sync.retryIfWaiting();
    }
    this.opts.notifier.closeAll();
  }

  statuses(): AccountSyncStatus[] {
    return [...this.accounts].map(([accountId, watched]) => this.#status(accountId, watched));
  }

  /** One account's status, as `statuses` gives it; undefined while its queue is not watched. */
  status(accountId: string): AccountSyncStatus | undefined {
    const watched = this.accounts.get(accountId);
    return watched && this.#status(accountId, watched);
  }

  #status(accountId: string, { sync, store }: Watched): AccountSyncStatus {
    const cache = this.opts.cacheStatus?.(accountId, store);
    const droppedWrite = this.opts.droppedWrite?.(accountId);
    return {
      accountId,
      health: sync.health(),
      ...(cache ? { cache } : {}),
      ...(droppedWrite ? { droppedWrite } : {}),
    };
  }

  /**
   * What the user did from a notification (docs/notifications.md "Actions"), logged beside the
   * decision of the message it was about so Activity tells the whole story.
   */
  recordAction(accountId: string, messageId: number, action: string): void {
    const decided = this.log.list(accountId).findLast((e) => e.messageId === messageId);
    if (!decided) return;
    const entry: DecisionEntry = { ...decided, reason: action, action, at: this.opts.clock.now() };
    this.log.add(accountId, entry);
    this.opts.onDecisions?.(accountId, [entry]);
  }

  /** The last decisions of an account, oldest first. */
  decisions(accountId: string): DecisionEntry[] {
    return this.log.list(accountId);
  }

  setDnd(choice: DndChoice): DndState {
    return this.dnd.set(choice);
  }

  badge(): TrayBadge {
    return this.lastBadge;
  }

  /** Stops every queue and releases it (quitting). */
  async close(): Promise<void> {
    this.closing = true;
    // A start still reading its key does not begin once Perch quits.
    this.starting.clear();
    this.dnd.dispose();
    await Promise.all([...this.accounts.keys()].map((id) => this.stopAccount(id)));
  }

  private pushBadge(): void {
    const inputs: AccountBadgeInput[] = [];
    for (const { store } of this.accounts.values()) {
      const input = store.badgeInput();
      if (input) inputs.push(input);
    }
    const next = trayBadge(inputs);
    if (next.count === this.lastBadge.count && next.icon === this.lastBadge.icon) return;
    this.lastBadge = next;
    this.opts.badge.update(next);
  }
}
