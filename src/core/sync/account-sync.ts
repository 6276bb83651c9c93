/**
 * One signed-in account kept current in the background: its event queue feeds its
 * AccountState; every new message is decided once (rule A2), Perch's Do Not Disturb
 * silences what the settings allow, and what is left reaches the notifier and the speaker.
 * After a lost queue the state is reloaded and the messages missed are decided like any
 * other.
 */
import type { ApiClient, RateLimitWait } from '../../api/client.ts';
import { getRealmPresence, updatePresence } from '../../api/routes/presence.ts';
import { getServerSettings } from '../../api/routes/server.ts';
import { ICON_COUNT_SETTING } from '../../api/icon-count.ts';
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountBadgeInput } from '../notify/badge.ts';
import { conversationOf, type DecisionEntry } from '../notify/decisions-log.ts';
import type { DoNotDisturb } from '../notify/dnd.ts';
import type { Notifier, SoundPlayer } from '../notify/notifier.ts';
import { decideNotification } from '../notify/policy.ts';
import { PresenceReporter, type WindowPresence } from '../presence/reporter.ts';
import { AccountState } from '../model/account-state.ts';
import type { BackoffPolicy } from './backoff.ts';
import { DecidedSet } from '../notify/decided-set.ts';
import {
  EventQueue,
  type AccountStopError,
  type QueueHealth,
  type RegisterReason,
} from './event-queue.ts';
import { fetchMissedMessages } from './gap-fill.ts';
import { NotificationBoard } from '../notify/notification-board.ts';
import { PERCH_REGISTER_PARAMS } from './register-params.ts';
import { toAccountRegister } from '../model/register-state.ts';
import type { Message } from '../model/state-types.ts';
import { UnreadPlaces, type UnreadSummary } from '../model/unread-summary.ts';
import { buildAccountInbox, type AccountInbox } from '../inbox/model.ts';
import { ChannelDirectory } from '../channels/directory.ts';
import { isChannelMuted } from '../model/state-muting.ts';

export interface TopicView {
  channel: string;
  color: string | undefined;
  policy: 0 | 1 | 2 | 3;
  muted: boolean;
  channelMuted: boolean;
}

/** A queue's health and the rate-limit wait, if any, that holds the account's calls back. */
export interface AccountHealth extends QueueHealth {
  /** While a call waits on the server's rate limit: when it may go (ms since epoch). */
  rateLimitedUntil: number | undefined;
  /** The call that waits, e.g. `GET /events`. */
  rateLimitedEndpoint: string | undefined;
}

export interface AccountSyncOptions {
  accountId: string;
  client: ApiClient;
  clock: Clock;
  notifier: Notifier;
  sound: SoundPlayer;
  dnd: DoNotDisturb;
  /** New decisions, in the order they were made. */
  onDecisions: (entries: DecisionEntry[]) => void;
  /** Something the badge counts may have changed (unreads or the count setting). */
  onBadgeChanged: () => void;
  onHealth: (health: AccountHealth) => void;
  /** Every batch of events after the state has applied it (live message views). */
  onApplied?: (events: ServerEvent[]) => void;
  /** A queue was registered: events before it may be missed, so what they kept is stale. */
  onRegistered?: () => void;
  /**
   * A lost queue was registered again and the state rebuilt, missed messages included:
   * whatever a view shows from before may be older than the server (issue 21 point 3).
   */
  onRestored?: () => void;
  onCredentialsRejected: (error: AccountStopError) => void;
  /** Presence or statuses may have changed: a presence poll, or such events applied. */
  onPresenceChanged?: () => void;
  /** Whether a Perch window is open and in use at the start (later: setWindow). */
  window?: WindowPresence;
  backoff?: BackoffPolicy;
  random?: () => number;
}

/** What one batch (events or a gap fill) leaves to show, play and log. */
interface Outcome {
  show: Message[];
  sound: boolean;
  entries: DecisionEntry[];
  read: Set<number> | 'all';
  badge: boolean;
}

export class AccountSync {
  private readonly opts: AccountSyncOptions;
  private readonly queue: EventQueue;
  private readonly board: NotificationBoard;
  private readonly decided = new DecidedSet();
  private state: AccountState | undefined;
  private places: UnreadPlaces | undefined;
  private channels: ChannelDirectory | undefined;
  /** The newest message id this account knows of: where a gap fill starts. */
  private newestMessageId = -1;
  /** Waits in progress; several calls (a poll and a gap fill) can wait at once. */
  private readonly waits = new Set<RateLimitWait>();
  private readonly stopObservingWaits: () => void;
  private readonly presence: PresenceReporter;

  constructor(options: AccountSyncOptions) {
    this.opts = options;
    this.presence = new PresenceReporter({
      clock: options.clock,
      state: () => this.state,
      report: async (params) => (await updatePresence(options.client, params)).data,
      fetchAll: async () => (await getRealmPresence(options.client)).data.presences,
      onPresences: () => options.onPresenceChanged?.(),
    });
    this.presence.setWindow(options.window ?? 'closed');
    this.board = new NotificationBoard(options.accountId, options.notifier);
    this.queue = new EventQueue({
      client: options.client,
      clock: options.clock,
      registerParams: PERCH_REGISTER_PARAMS,
      onRegistered: (data, reason, signal) => this.registered(data, reason, signal),
      onEvents: (events) => this.applyEvents(events),
      onCredentialsRejected: (error) => {
        this.board.clear();
        options.onCredentialsRejected(error);
      },
      onHealth: () => options.onHealth(this.health()),
      probe: (signal) => getServerSettings(options.client, signal),
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
    });
    this.stopObservingWaits = options.client.onWait((wait) => {
      this.waits.add(wait);
      options.onHealth(this.health());
      return () => {
        this.waits.delete(wait);
        options.onHealth(this.health());
      };
    });
  }

  start(): Promise<void> {
    return this.queue.start();
  }

  kick(): void {
    this.queue.kick();
  }

  retryIfWaiting(): void {
    this.queue.retryIfWaiting();
  }

  /** Stops the queue (releasing it on the server unless told not to) and its notifications. */
  async stop(release = true): Promise<void> {
    this.presence.stop();
    await this.queue.stop({ release });
    this.stopObservingWaits();
    this.board.clear();
    // The client is the account's, shared with every other call: the AccountManager closes it.
  }

  health(): AccountHealth {
    // The wait that ends last is how long the account may stay silent.
    const longest = [...this.waits].reduce<RateLimitWait | undefined>(
      (a, b) => (a && a.until >= b.until ? a : b),
      undefined,
    );
    return {
      ...this.queue.getHealth(),
      rateLimitedUntil: longest?.until,
      rateLimitedEndpoint: longest?.endpoint,
    };
  }

  /** Undefined until the first registration has loaded the state. */
  badgeInput(): AccountBadgeInput | undefined {
    if (!this.state) return undefined;
    return {
      counts: this.state.unreadCounts(),
      mode: this.state.settings.desktop_icon_count_display,
    };
  }

  /** The synced state (settings, people); undefined until the first registration. */
  current(): AccountState | undefined {
    return this.state;
  }

  /** Undefined until the first registration has loaded the state. */
  unreadSummary(): UnreadSummary | undefined {
    return this.state && this.places?.summarize(this.state);
  }

  /** Every channel the user can see (issue 23); undefined until the first registration. */
  channelDirectory(): ChannelDirectory | undefined {
    return this.channels;
  }

  /** Every unread conversation, muted ones flagged; undefined until the first registration. */
  inbox(): AccountInbox | undefined {
    return this.state && this.places && buildAccountInbox(this.state, this.places);
  }

  /** A channel's name, colour and mute, with one topic's policy (Recent conversations). */
  topicView(streamId: number, topic: string): TopicView | undefined {
    const state = this.state;
    const sub = state?.subscription(streamId);
    const name = sub?.name ?? state?.stream(streamId)?.name;
    if (state === undefined || name === undefined) return undefined;
    const policy = state.topicPolicy(streamId, topic);
    const channelMuted = isChannelMuted(sub);
    return {
      channel: name,
      color: typeof sub?.color === 'string' ? sub.color : undefined,
      policy,
      muted: policy === 1 || (policy === 0 && channelMuted),
      channelMuted,
    };
  }

  /** A Perch window became active, idle or closed (presence reports "active", "idle" or nothing). */
  setWindow(window: WindowPresence): void {
    this.presence.setWindow(window);
  }

  clearNotifications(): void {
    this.board.clear();
  }

  private async registered(
    data: ApiRegisterResponse,
    reason: RegisterReason,
    signal: AbortSignal,
  ): Promise<void> {
    this.opts.onRegistered?.();
    const register = toAccountRegister(data);
    const fresh = new AccountState(register);
    const missed =
      reason === 'reregister'
        ? await fetchMissedMessages(this.opts.client, Math.max(0, this.newestMessageId), signal)
        : [];
    this.state = fresh;
    this.places = new UnreadPlaces(register);
    this.channels = new ChannelDirectory(register);
    this.newestMessageId = Math.max(this.newestMessageId, data.max_message_id ?? -1);
    // Messages read elsewhere while the queue was lost no longer deserve their notification.
    const read = this.board.messageIds().filter((id) => !fresh.isUnread(id));
    const outcome = this.emptyOutcome();
    outcome.read = new Set(read);
    outcome.badge = true;
    for (const { message, flags } of missed) this.decide(fresh, message, flags, true, outcome);
    this.finish(fresh, outcome);
    // Reporting starts once the server's presence settings and the user's are known.
    this.presence.start();
    this.opts.onPresenceChanged?.();
    if (reason === 'reregister') this.opts.onRestored?.();
  }

  private applyEvents(events: ServerEvent[]): void {
    const state = this.state;
    if (!state) return;
    const outcome = this.emptyOutcome();
    for (const received of events) {
      // Events this client's schemas do not model (e.g. `stream`) travel as their payload.
      const event = received.type === 'unknown' ? received.payload : received;
      const result = state.apply(event as { id: number; type: string });
      this.places?.follow(event as { type: string }, result, state);
      this.channels?.follow(event as Record<string, unknown>);
      if (result.unreadsChanged || isCountSetting(event)) outcome.badge = true;
      if (result.noLongerUnread === 'all') outcome.read = 'all';
      else if (result.noLongerUnread && outcome.read !== 'all') {
        for (const id of result.noLongerUnread) outcome.read.add(id);
      }
      if (result.newMessage) {
        const { message, flags } = result.newMessage;
        this.decide(state, message, flags, false, outcome);
      }
    }
    this.finish(state, outcome);
    if (events.some(changesPresence)) this.opts.onPresenceChanged?.();
    this.opts.onApplied?.(events);
  }

  private decide(
    state: AccountState,
    message: Message,
    flags: string[],
    missed: boolean,
    outcome: Outcome,
  ): void {
    if (message.id > this.newestMessageId) this.newestMessageId = message.id;
    // Rule A2: a message met again (the gap fill and the new queue overlap, or the server
    // resends an unacknowledged batch) was decided the first time; it is not even logged.
    if (!this.decided.add(message.id)) return;
    const decision = decideNotification(state.policyInput(message, flags, false));
    const allowed = decision.desktop || decision.sound;
    const silenced = allowed && this.opts.dnd.isActive();
    outcome.entries.push({
      messageId: message.id,
      senderId: message.sender_id,
      senderName: message.sender_full_name,
      conversation: conversationOf(message, state.userId),
      desktop: decision.desktop,
      sound: decision.sound,
      reason: silenced ? `${decision.reason} Silenced by Do Not Disturb.` : decision.reason,
      rules: decision.rules,
      silencedByDnd: silenced,
      missed,
      at: this.opts.clock.now(),
    });
    if (silenced) return;
    if (decision.desktop) outcome.show.push(message);
    if (decision.sound) outcome.sound = true;
  }

  private finish(state: AccountState, outcome: Outcome): void {
    const { read } = outcome;
    if (read === 'all' || read.size > 0) this.board.read(read === 'all' ? 'all' : [...read]);
    // A message read within the same batch it arrived in never needs a notification.
    const show = outcome.show.filter((m) => read !== 'all' && !read.has(m.id));
    if (show.length > 0) {
      const settings = state.settings;
      this.board.show(
        show,
        {
          myUserId: state.userId,
          pmContentInDesktopNotifications: settings.pm_content_in_desktop_notifications,
        },
        state.realmName,
      );
    }
    if (outcome.sound) this.opts.sound.play(state.settings.notification_sound);
    if (outcome.entries.length > 0) this.opts.onDecisions(outcome.entries);
    if (outcome.badge) this.opts.onBadgeChanged();
  }

  private emptyOutcome(): Outcome {
    return { show: [], sound: false, entries: [], read: new Set(), badge: false };
  }
}

/** Events after which the dots or statuses shown may differ. */
function changesPresence(received: ServerEvent): boolean {
  const event = (received.type === 'unknown' ? received.payload : received) as {
    type?: unknown;
    property?: unknown;
  };
  return (
    event.type === 'presence' ||
    event.type === 'user_status' ||
    (event.type === 'user_settings' && event.property === 'presence_enabled')
  );
}

/** Servers before feature level 89 send the setting as update_global_notifications. */
function isCountSetting(event: {
  type?: unknown;
  property?: unknown;
  notification_name?: unknown;
}): boolean {
  if (event.type === 'update_global_notifications')
    return event.notification_name === ICON_COUNT_SETTING;
  return event.type === 'user_settings' && event.property === ICON_COUNT_SETTING;
}
