/**
 * Background sync of every signed-in account: one AccountSync each, the tray badge over
 * all of them, Perch's Do Not Disturb, and the "why" log with each queue's health for the
 * Activity panel.
 */
import type { ApiClient } from '../../api/client.ts';
import type { AccountStopError } from './event-queue.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { Clock } from '../../lib/clock.ts';
import { trayBadge, type AccountBadgeInput, type TrayBadge } from '../notify/badge.ts';
import { DecisionLog, type DecisionEntry } from '../notify/decisions-log.ts';
import { DoNotDisturb, type DndChoice, type DndState } from '../notify/dnd.ts';
import type { BadgeSink, Notifier, SoundPlayer } from '../notify/notifier.ts';
import { AccountSync, type AccountHealth, type TopicView } from './account-sync.ts';
import type { BackoffPolicy } from './backoff.ts';
import type { UnreadSummary } from '../model/unread-summary.ts';
import type { ChannelDirectory } from '../channels/directory.ts';
import type { AccountInbox } from '../inbox/model.ts';
import type { AccountState } from '../model/account-state.ts';
import type { WindowPresence } from '../presence/reporter.ts';

export interface AccountSyncStatus {
  accountId: string;
  health: AccountHealth;
}

export interface SyncManagerOptions {
  clock: Clock;
  notifier: Notifier;
  sound: SoundPlayer;
  badge: BadgeSink;
  /** An authenticated client for the account; the manager closes it when the account stops. */
  clientFor: (accountId: string) => Promise<ApiClient>;
  /** The server rejected the account's credentials: its queue has stopped for good. */
  onCredentialsRejected: (accountId: string, error: AccountStopError) => void | Promise<void>;
  onHealth?: (status: AccountSyncStatus) => void;
  onDecisions?: (accountId: string, entries: DecisionEntry[]) => void;
  backoff?: BackoffPolicy;
  random?: () => number;
}

export class SyncManager {
  readonly dnd: DoNotDisturb;
  private readonly opts: SyncManagerOptions;
  private readonly log = new DecisionLog();
  private readonly accounts = new Map<string, AccountSync>();
  private lastBadge: TrayBadge = { count: 0, icon: 'none' };
  private readonly appliedListeners = new Set<(accountId: string, events: ServerEvent[]) => void>();
  private readonly unreadListeners = new Set<(accountId: string) => void>();
  private readonly resetListeners = new Set<(accountId: string) => void>();
  private readonly presenceListeners = new Set<(accountId: string) => void>();
  /** Whether a Perch window is open and in use: every account's presence reports follow it. */
  private window: WindowPresence = 'closed';
  private readonly restoredListeners = new Set<(accountId: string) => void>();
  /** Every health update: each answer of the server too, not only a change of connection. */
  private readonly healthListeners = new Set<(accountId: string) => void>();

  constructor(options: SyncManagerOptions) {
    this.opts = options;
    this.dnd = new DoNotDisturb(options.clock);
  }

  /** Starts (or restarts, after a new sign-in) watching an account; returns once it runs. */
  async startAccount(accountId: string): Promise<void> {
    await this.stopAccount(accountId);
    const client = await this.opts.clientFor(accountId);
    const sync = new AccountSync({
      accountId,
      client,
      clock: this.opts.clock,
      notifier: this.opts.notifier,
      sound: this.opts.sound,
      dnd: this.dnd,
      onDecisions: (entries) => {
        for (const entry of entries) this.log.add(accountId, entry);
        this.opts.onDecisions?.(accountId, entries);
      },
      onBadgeChanged: () => {
        this.pushBadge();
        for (const listener of this.unreadListeners) listener(accountId);
      },
      onHealth: (health) => {
        this.opts.onHealth?.({ accountId, health });
        for (const listener of this.healthListeners) listener(accountId);
      },
      onRegistered: () => this.reset(accountId),
      onPresenceChanged: () => {
        for (const listener of this.presenceListeners) listener(accountId);
      },
      window: this.window,
      onRestored: () => {
        for (const listener of this.restoredListeners) listener(accountId);
      },
      onApplied: (events) => {
        for (const listener of this.appliedListeners) {
          try {
            listener(accountId, events);
          } catch {
            // A failing view must not make the queue fetch (and decide) the batch again.
          }
        }
      },
      onCredentialsRejected: (error) => {
        void Promise.resolve(this.opts.onCredentialsRejected(accountId, error)).catch(() => {
          // The account may have been removed meanwhile; its queue has stopped either way.
        });
      },
      ...(this.opts.backoff ? { backoff: this.opts.backoff } : {}),
      ...(this.opts.random ? { random: this.opts.random } : {}),
    });
    this.accounts.set(accountId, sync);
    void sync.start();
  }

  /** Observes every account's events once its state has applied them; returns the unsubscribe. */
  onEvents(listener: (accountId: string, events: ServerEvent[]) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /**
   * Each health update of any account, every answer of the server included (the windows are
   * told only of a change of connection): queued work can go on any answer.
   */
  onHealthUpdate(listener: (accountId: string) => void): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  /**
   * Observes an account's queue registering afresh or stopping (sign-out): events may have
   * been missed, so whatever they kept up to date is stale. Returns the unsubscribe.
   */
  onReset(listener: (accountId: string) => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /**
   * Observes an account's lost queue registered again, its state rebuilt: open views fetch
   * what they show anew, since events they missed will never come. Returns the unsubscribe.
   */
  onRestored(listener: (accountId: string) => void): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  /**
   * Whether the account's queue is registered and polling, so its events arrive. Not while
   * it registers again, backs off or goes unanswered: events may be lost or late then.
   */
  isFollowing(accountId: string): boolean {
    const sync = this.accounts.get(accountId);
    return sync?.current() !== undefined && sync.health().state === 'polling';
  }

  /** The account's event queue now, if registered: a send names it to get its own echo. */
  queueId(accountId: string): string | undefined {
    return this.accounts.get(accountId)?.health().queueId;
  }

  private reset(accountId: string): void {
    for (const listener of this.resetListeners) listener(accountId);
  }

  /**
   * Observes changes of an account's presence data or statuses (after each presence poll,
   * every ping interval, and each presence or status event); returns the unsubscribe.
   */
  onPresenceChanged(listener: (accountId: string) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /**
   * A Perch window became active (the user is there), idle (open, not in use) or closed
   * (none open): every account reports "active", "idle" or nothing.
   */
  setWindow(window: WindowPresence): void {
    this.window = window;
    for (const sync of this.accounts.values()) sync.setWindow(window);
  }

  /** Observes changes of an account's unread sets (a registration included); returns the unsubscribe. */
  onUnreadsChanged(listener: (accountId: string) => void): () => void {
    this.unreadListeners.add(listener);
    return () => this.unreadListeners.delete(listener);
  }

  /** An account's synced state (settings, people); undefined before its first registration. */
  state(accountId: string): AccountState | undefined {
    return this.accounts.get(accountId)?.current();
  }

  /** Exact unread counts per channel, topic and conversation; undefined before the first registration. */
  unreadSummary(accountId: string): UnreadSummary | undefined {
    return this.accounts.get(accountId)?.unreadSummary();
  }

  /** Every channel the account's user can see; undefined before the first registration. */
  channels(accountId: string): ChannelDirectory | undefined {
    return this.accounts.get(accountId)?.channelDirectory();
  }

  /** The account's Inbox from its synced state; undefined before the first registration. */
  inbox(accountId: string): AccountInbox | undefined {
    return this.accounts.get(accountId)?.inbox();
  }

  /** A channel's name and mute with one topic's policy; undefined if the account does not know it. */
  topicView(accountId: string, streamId: number, topic: string): TopicView | undefined {
    return this.accounts.get(accountId)?.topicView(streamId, topic);
  }

  /** Stops watching an account, releasing its queue on the server unless told not to. */
  async stopAccount(accountId: string, release = true): Promise<void> {
    const sync = this.accounts.get(accountId);
    if (!sync) return;
    this.accounts.delete(accountId);
    this.reset(accountId);
    await sync.stop(release);
    this.log.forget(accountId);
    this.pushBadge();
  }

  /** Woke from sleep or the network changed: every queue reconnects now instead of waiting. */
  kickAll(): void {
    for (const sync of this.accounts.values()) sync.kick();
  }

  /**
   * The window got focus: the user is looking, so open notifications have done their job,
   * and an account waiting to retry its server tries now.
   */
  windowFocused(): void {
    for (const sync of this.accounts.values()) {
      sync.clearNotifications();
      sync.retryIfWaiting();
    }
    this.opts.notifier.closeAll();
  }

  statuses(): AccountSyncStatus[] {
    return [...this.accounts].map(([accountId, sync]) => ({ accountId, health: sync.health() }));
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
    this.dnd.dispose();
    await Promise.all([...this.accounts.keys()].map((id) => this.stopAccount(id)));
  }

  private pushBadge(): void {
    const inputs: AccountBadgeInput[] = [];
    for (const sync of this.accounts.values()) {
      const input = sync.badgeInput();
      if (input) inputs.push(input);
    }
    const next = trayBadge(inputs);
    if (next.count === this.lastBadge.count && next.icon === this.lastBadge.icon) return;
    this.lastBadge = next;
    this.opts.badge.update(next);
  }
}
