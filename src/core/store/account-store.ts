/**
 * Everything the Core knows of one signed-in account, and the one place where its events
 * take effect. The event queue (sync/) only polls: it hands each registration to
 * `registered` and each batch to `apply`, and this file says, line by line, what each event
 * does and in which order (docs/architecture.md, "The per-account store and its event
 * order"). Nothing else in the Core subscribes to an account's events.
 *
 * The store owns the account's models (its register state, unread index and places, channel
 * directory) and its notification step; the keepers that several accounts share (kept
 * messages under one budget, the unified Inbox and Recent, the pushes to the windows) hold
 * one slice per account and are called from here with this account's id
 * (src/core/core-parts.ts builds them).
 */
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import { ICON_COUNT_SETTING } from '../../api/icon-count.ts';
import { adminKindsOf } from '../admin/admin-events.ts';
import { ChannelDirectory } from '../model/channel-directory.ts';
import { LiveInbox, type AccountInbox } from '../model/inbox-rows.ts';
import { AccountState } from '../model/account-state.ts';
import { toAccountRegister } from '../model/register-state.ts';
import { isChannelMuted } from '../model/state-muting.ts';
import type { Message } from '../model/state-types.ts';
import { UnreadPlaces, type UnreadSummary } from '../model/unread-summary.ts';
import type { AccountBadgeInput } from '../notify/badge.ts';
import type { AccountNotifications, Outcome } from '../notify/account-notifications.ts';
import type { PushBus } from '../push-bus.ts';
import { StateLog, type StoreSnapshot } from './state-log.ts';

export interface TopicView {
  channel: string;
  color: string | undefined;
  policy: 0 | 1 | 2 | 3;
  muted: boolean;
  channelMuted: boolean;
}

/** A message the gap fill found after a lost queue, with the user's flags on it. */
export interface MissedMessage {
  message: Message;
  flags: string[];
}

type Step = (accountId: string) => void;
type EventStep = (accountId: string, events: ServerEvent[]) => void;

/**
 * What the store calls on the Core-wide keepers (src/core/core-parts.ts builds them), each
 * with this account's id. Written as the calls alone so the store depends on no keeper's
 * code.
 */
export interface StoreParts {
  readonly bus: Pick<PushBus, 'publish'>;
  readonly messages: {
    drop: Step;
    apply: EventStep;
    restored: Step;
    unreadsChanged: Step;
    readonly sidebars: { follow: EventStep };
    readonly sidebarPush: { touch: Step };
  };
  readonly outboxes: { echoes: EventStep; reregistering: Step; stopped: Step };
  readonly inbox: {
    follow: EventStep;
    restored: Step;
    unreadsChanged: Step;
    /** The account stops: its Inbox as the store leaves it. */
    stopping: (accountId: string, inbox: AccountInbox | undefined) => void;
  };
  readonly channels: { follow: Step; reset: Step; unreadsChanged: Step };
  readonly typing: { follow: EventStep };
  readonly people: { check: Step; events: (accountId: string, types: string[]) => void };
  readonly settings: { follow: EventStep; reset: Step; unreadsChanged: Step };
  /** New messages where the reader reads, taken as read before anything sees them. */
  readonly readOnArrival?: {
    take: (accountId: string, events: ServerEvent[]) => ServerEvent[];
  };
}

/** Keepers that keep nothing: a store with them keeps only its own models (tests, benches). */
export const NO_PARTS: StoreParts = {
  bus: { publish: () => undefined },
  messages: {
    drop: () => undefined,
    apply: () => undefined,
    restored: () => undefined,
    unreadsChanged: () => undefined,
    sidebars: { follow: () => undefined },
    sidebarPush: { touch: () => undefined },
  },
  outboxes: { echoes: () => undefined, reregistering: () => undefined, stopped: () => undefined },
  inbox: {
    follow: () => undefined,
    restored: () => undefined,
    unreadsChanged: () => undefined,
    stopping: () => undefined,
  },
  channels: { follow: () => undefined, reset: () => undefined, unreadsChanged: () => undefined },
  typing: { follow: () => undefined },
  people: { check: () => undefined, events: () => undefined },
  settings: { follow: () => undefined, reset: () => undefined, unreadsChanged: () => undefined },
};

export interface StoreHooks {
  /** Something the badge counts may have changed (unreads or the count setting). */
  badgeChanged(): void;
  /** The models shown from the cache on disk were replaced by the server's (now garbage). */
  savedCopyLetGo?(): void;
}

export class AccountStore {
  readonly accountId: string;
  readonly notifications: AccountNotifications;
  readonly #parts: StoreParts;
  readonly #hooks: StoreHooks;
  #state: AccountState | undefined;
  #places: UnreadPlaces | undefined;
  #channels: ChannelDirectory | undefined;
  /** The newest message id this account knows of: where a gap fill starts. */
  #newestMessageId = -1;
  /** The last registration and the events since: what a snapshot of the models is. */
  readonly #log: StateLog;
  /** When the models came from a cache rather than the server, when that cache was saved. */
  #cachedAt: number | undefined;
  /**
   * The Inbox as the models last gave it: a new message changes its one row, other changes
   * have it built again when next asked for, and asking again between changes costs nothing.
   */
  #inbox: LiveInbox | undefined;
  /**
   * A snapshot restored but not replayed yet (see `restore`): its saved Inbox is what the
   * store shows, and anything that reads the models replays it first.
   */
  #pending: { snapshot: StoreSnapshot; inbox: AccountInbox | undefined } | undefined;
  /** Called if the pending snapshot cannot be replayed (the restore's `onUnusable`). */
  #onUnusable: (() => void) | undefined;

  constructor(
    accountId: string,
    parts: StoreParts,
    notifications: AccountNotifications,
    hooks: StoreHooks,
    /** `snapshots: false`: no cache on disk keeps this account, so no snapshot is made of it. */
    { snapshots = true }: { snapshots?: boolean } = {},
  ) {
    this.accountId = accountId;
    this.#parts = parts;
    this.notifications = notifications;
    this.#hooks = hooks;
    this.#log = new StateLog({ kept: snapshots });
  }

  /** The synced state (settings, people); undefined until the first registration. */
  get state(): AccountState | undefined {
    this.settle();
    return this.#state;
  }

  get newestMessageId(): number {
    return this.#newestMessageId;
  }

  /**
   * A queue is about to register (or the account stops): events may have been missed, so
   * whatever they kept current is let go or marked for a whole push. `stopped`: the queue
   * stopped for good (quitting, signing out), so the outbox looks nothing up.
   */
  reset(stopped = false): void {
    const id = this.accountId;
    const p = this.#parts;
    this.#guard(() => p.messages.drop(id));
    this.#guard(() => p.messages.sidebarPush.touch(id));
    this.#guard(() => (stopped ? p.outboxes.stopped(id) : p.outboxes.reregistering(id)));
    this.#guard(() => p.settings.reset(id));
    this.#guard(() => p.channels.reset(id));
    if (stopped) this.#guard(() => p.inbox.stopping(id, this.inbox()));
  }

  /**
   * The queue registered: the state is rebuilt from the server's answer, and the messages
   * missed while a lost queue was down (`missed`, fetched by the queue) are decided like any
   * other. Messages read elsewhere meanwhile no longer deserve their notification. `away`:
   * the missed ones arrived while Perch was closed, so they make one summary rather than a
   * notification each (docs/notifications.md, "While you were away").
   */
  registered(
    data: ApiRegisterResponse,
    missed: readonly MissedMessage[],
    { away = false }: { away?: boolean } = {},
  ): void {
    // The server's models replace the saved ones: a snapshot not replayed yet never will be.
    this.#pending = undefined;
    const register = toAccountRegister(data);
    const fresh = new AccountState(register);
    this.#log.registered(data);
    const wasSaved = this.#cachedAt !== undefined;
    this.#cachedAt = undefined;
    this.#state = fresh;
    this.#places = new UnreadPlaces(register);
    this.#inbox = new LiveInbox(fresh, this.#places);
    this.#channels = new ChannelDirectory(register);
    this.#newestMessageId = Math.max(this.#newestMessageId, data.max_message_id ?? -1);
    const outcome = this.notifications.outcome();
    outcome.read = new Set(this.notifications.shownIds().filter((id) => !fresh.isUnread(id)));
    outcome.badge = true;
    outcome.away = away;
    for (const { message, flags } of missed) this.#decide(fresh, message, flags, true, outcome);
    this.#finish(fresh, outcome);
    // The views showed the saved copy: what they show is older than the server.
    if (wasSaved) {
      this.restored();
      this.#hooks.savedCopyLetGo?.();
    }
  }

  /**
   * What the models are now, for the cache on disk (src/core/cache/); undefined before the
   * first registration, or once the events since it outgrew what a snapshot keeps.
   */
  snapshot(): StoreSnapshot | undefined {
    this.settle();
    return this.#log.snapshot(this.#newestMessageId);
  }

  /** When the models shown were saved, while they come from the cache; undefined once registered. */
  get cachedAt(): number | undefined {
    return this.#cachedAt;
  }

  /**
   * Puts back the models a snapshot saved, before the queue registers: the views show
   * them at once and the first registration replaces them. Nothing is decided for
   * notification: every message of the snapshot was decided when it arrived. `inbox`: the
   * Inbox these models gave when saved (src/core/cache/cache-payload.ts), shown as it is
   * until they change rather than built again.
   *
   * The replay itself waits for `settle` (the sync manager calls it once the turn that
   * restored the account ends) or for the first read of the models, whichever comes first:
   * with the saved Inbox, the first Inbox of a start needs none of it (docs/architecture.md,
   * "The cache on disk"). `onUnusable`: the snapshot turned out not to replay; the store is
   * then as if it had had none.
   */
  restore(
    snapshot: StoreSnapshot,
    savedAt: number,
    inbox?: AccountInbox,
    onUnusable?: () => void,
  ): void {
    this.#newestMessageId = Math.max(this.#newestMessageId, snapshot.newestMessageId);
    this.#cachedAt = savedAt;
    this.#pending = { snapshot, inbox };
    this.#onUnusable = onUnusable;
  }

  /** Replays the snapshot `restore` took, if it waits: the models are then the saved ones. */
  settle(): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    // Before the replay: what it calls may read the models again.
    this.#pending = undefined;
    const onUnusable = this.#onUnusable;
    this.#onUnusable = undefined;
    let state: AccountState;
    try {
      state = this.#replay(pending.snapshot, pending.inbox);
    } catch {
      // A snapshot this Perch cannot replay is no head start: the account waits for the
      // server as it would have without one, and writes no snapshot before it registers.
      this.#cachedAt = undefined;
      this.#guard(() => onUnusable?.());
      this.#guard(() => this.#parts.inbox.unreadsChanged(this.accountId));
      return;
    }
    const outcome = this.notifications.outcome();
    outcome.badge = true;
    this.#finish(state, outcome);
  }

  #replay(snapshot: StoreSnapshot, inbox: AccountInbox | undefined): AccountState {
    const register = toAccountRegister(StateLog.registerOf(snapshot));
    const state = new AccountState(register);
    const places = new UnreadPlaces(register);
    const channels = new ChannelDirectory(register);
    const events = StateLog.eventsOf(snapshot);
    for (const received of events) {
      const event = received.type === 'unknown' ? received.payload : received;
      const result = state.apply(event as { id: number; type: string });
      places.follow(event as { type: string }, result, state);
      channels.follow(event as Record<string, unknown>);
    }
    this.#state = state;
    this.#places = places;
    this.#channels = channels;
    this.#inbox = new LiveInbox(state, places, inbox);
    this.#log.restored(snapshot, events.length);
    return state;
  }

  /** A lost queue registered again: what open views show may be older than the server. */
  restored(): void {
    const id = this.accountId;
    const p = this.#parts;
    this.#guard(() => p.messages.sidebarPush.touch(id));
    this.#guard(() => p.messages.restored(id));
    this.#guard(() => p.inbox.restored(id));
  }

  /** Presence or statuses may have changed: a presence poll, or such events applied. */
  presenceChanged(): void {
    const id = this.accountId;
    this.#guard(() => this.#parts.bus.publish('presence.changed', { accountId: id }));
    this.#guard(() => this.#parts.people.check(id));
  }

  /**
   * Applies one batch of the account's events. The order of the steps is the order of
   * application; each step reads what the steps before it left.
   */
  apply(batch: ServerEvent[]): void {
    this.settle();
    const state = this.#state;
    if (!state) return;
    const id = this.accountId;
    const p = this.#parts;
    // 0. A message arriving where the reader reads is read from its first event on
    //    (read-on-arrival.ts): no count, badge or row shows it unread for a moment.
    const events = p.readOnArrival?.take(id, batch) ?? batch;
    // 1. The account's models, event by event: the register state, the unread places and the
    //    channel directory; each new message is decided on the state as that event left it
    //    (its flags, the mutes and settings of the moment).
    this.#log.applied(events);
    const outcome = this.notifications.outcome();
    for (const received of events) {
      // Events this client's schemas do not model (e.g. `stream`) travel as their payload.
      const event = received.type === 'unknown' ? received.payload : received;
      const result = state.apply(event as { id: number; type: string });
      this.#places?.follow(event as { type: string }, result, state);
      this.#inbox?.follow(event as { type: string });
      this.#channels?.follow(event as Record<string, unknown>);
      if (result.unreadsChanged || isCountSetting(event)) outcome.badge = true;
      if (result.noLongerUnread === 'all') outcome.read = 'all';
      else if (result.noLongerUnread && outcome.read !== 'all') {
        for (const read of result.noLongerUnread) outcome.read.add(read);
      }
      if (result.newMessage) {
        const { message, flags } = result.newMessage;
        this.#decide(state, message, flags, false, outcome);
      }
    }
    // 2. Notifications: close what was read, show and play what is left, then the badge and
    //    every view that shows unread counts.
    this.#finish(state, outcome);
    // 3. Presence dots and statuses.
    if (events.some(changesPresence)) this.presenceChanged();
    // 4. What the windows follow. A step that fails must not make the queue fetch (and
    //    decide) the batch again, so each is guarded on its own.
    this.#guard(() => {
      const kinds = adminKindsOf(events);
      if (kinds.length > 0) p.bus.publish('adminEdit.changed', { accountId: id, kinds });
    });
    // The sidebar's sources before the sidebar is rebuilt from them. A batch of events the
    // sidebar shows nothing of (a read mark coming back for a message read on arrival, a
    // reaction) is not rebuilt for: what they change of the unread counts, step 2 has
    // rebuilt it for already (#finish), and the shown account's rebuild and diff were paid
    // per batch (bench/README.md, `background`).
    this.#guard(() => p.messages.sidebars.follow(id, events));
    if (events.some(mayChangeSidebar)) this.#guard(() => p.messages.sidebarPush.touch(id));
    // The kept messages before a window is told of the events: it may ask for a window at once.
    this.#guard(() => p.messages.apply(id, events));
    // The outbox takes its own sends' echoes (their local_message_id).
    this.#guard(() => p.outboxes.echoes(id, events));
    this.#guard(() => {
      if (events.some((e) => typeOf(e) === 'realm_emoji'))
        p.bus.publish('emoji.realmChanged', { accountId: id });
    });
    this.#guard(() => {
      if (events.some((e) => typeOf(e) === 'scheduled_messages'))
        p.bus.publish('scheduled.changed', { accountId: id });
    });
    this.#guard(() => p.typing.follow(id, events));
    this.#guard(() => p.settings.follow(id, events));
    this.#guard(() => p.people.events(id, events.map(typeOf)));
    this.#guard(() => p.inbox.follow(id, events));
    this.#guard(() => p.channels.follow(id));
  }

  /** Undefined until the first registration has loaded the state. */
  badgeInput(): AccountBadgeInput | undefined {
    this.settle();
    if (!this.#state) return undefined;
    return {
      counts: this.#state.unreadCounts(),
      mode: this.#state.settings.desktop_icon_count_display,
    };
  }

  /** Exact unread counts per channel, topic and conversation; undefined before registering. */
  unreadSummary(): UnreadSummary | undefined {
    this.settle();
    return this.#state && this.#places?.summarize(this.#state);
  }

  /** Every channel the user can see; undefined until the first registration. */
  channelDirectory(): ChannelDirectory | undefined {
    this.settle();
    return this.#channels;
  }

  /** Every unread conversation, muted ones flagged; undefined until the first registration. */
  inbox(): AccountInbox | undefined {
    // The saved rows are what the replay would show first: no need to replay for them.
    if (this.#pending?.inbox) return this.#pending.inbox;
    this.settle();
    return this.#inbox?.current();
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

  #decide(
    state: AccountState,
    message: Message,
    flags: string[],
    missed: boolean,
    outcome: Outcome,
  ): void {
    if (message.id > this.#newestMessageId) this.#newestMessageId = message.id;
    this.notifications.decide(state, message, flags, missed, outcome);
  }

  /** Notifications, then the badge and the views of unread counts, in that order. */
  #finish(state: AccountState, outcome: Outcome): void {
    this.notifications.finish(state, outcome);
    if (!outcome.badge) return;
    const id = this.accountId;
    const p = this.#parts;
    this.#hooks.badgeChanged();
    this.#guard(() => p.messages.sidebarPush.touch(id));
    this.#guard(() => p.messages.unreadsChanged(id));
    // After a registration: every setting once the fresh state is in place.
    this.#guard(() => p.settings.unreadsChanged(id));
    this.#guard(() => p.inbox.unreadsChanged(id));
    // After a registration: the whole new directory.
    this.#guard(() => p.channels.unreadsChanged(id));
  }

  #guard(step: () => void): void {
    try {
      step();
    } catch {
      // One view's failure leaves the account's state and the other views as they are.
    }
  }
}

function typeOf(received: ServerEvent): string {
  return received.type === 'unknown'
    ? String((received.payload as { type?: unknown }).type)
    : received.type;
}

/**
 * Events whose effect on the Messages sidebar (src/core/messages/sidebar.ts: subscriptions,
 * folders, recent topics and conversations, the unread summary and the realm's rules and
 * the reader's settings in its head) goes beyond the unread counts: any but these. A flag
 * changes the sidebar only through the unread sets, which the store's `#finish` follows.
 */
const SIDEBAR_BLIND = new Set([
  'update_message_flags',
  'reaction',
  'typing',
  'presence',
  'heartbeat',
]);

function mayChangeSidebar(received: ServerEvent): boolean {
  return !SIDEBAR_BLIND.has(typeOf(received));
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
