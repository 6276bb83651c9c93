/**
 * One signed-in account's state as Perch needs it: settings, subscriptions, topic
 * visibility, people, and the unread sets of docs/notifications.md "Unread sets", built from
 * POST /register and kept current by applying events. Unknown event types and heartbeats
 * change nothing.
 */
import type { TypingPeriods } from './typing-periods.ts';
import type { NotificationInput } from './notification-input.ts';
import {
  applyAlertWords,
  applyChannelFolder,
  applyLegacySetting,
  applyRealmUser,
  applySavedSnippets,
  applySetting,
  applyVideoProviderToken,
} from './state-account-events.ts';
import {
  applyMutedTopics,
  applyStream,
  applySubscription,
  applyUserTopic,
} from './state-channel-events.ts';
import {
  applyDeleteMessage,
  applyMessage,
  applyUpdateMessage,
  applyUpdateMessageFlags,
} from './state-message-events.ts';
import { applyPresence, applyUserStatus, mergePresences } from './state-presence.ts';
import {
  presenceState,
  type PresenceSettings,
  type PresenceStatus,
  type UserPresence,
} from '../presence/presence-state.ts';
import type { AccountModel } from './account-model.ts';
import { modelFromRegister, topicPolicyOf } from './state-model.ts';
import type {
  AccountEvent,
  ChannelFolder,
  Message,
  RealmUser,
  AccountRegister,
  SavedSnippet,
  Stream,
  Subscription,
  TopicPolicy,
  UserGroup,
  AccountSettings,
  UserStatus,
} from './state-types.ts';
import type { UnreadCounts, UnreadMessage, UnreadSetName } from './unreads.ts';

type Handlers = {
  [T in AccountEvent['type']]: (
    model: AccountModel,
    event: Extract<AccountEvent, { type: T }>,
  ) => void;
};

const HANDLERS: Handlers = {
  message: applyMessage,
  update_message: applyUpdateMessage,
  delete_message: applyDeleteMessage,
  update_message_flags: applyUpdateMessageFlags,
  // Reactions change message bodies, which AccountState does not keep.
  reaction: () => {},
  subscription: applySubscription,
  stream: applyStream,
  user_topic: applyUserTopic,
  muted_topics: applyMutedTopics,
  user_settings: applySetting,
  update_display_settings: applyLegacySetting,
  update_global_notifications: applyLegacySetting,
  realm_user_settings_defaults: applySetting,
  realm_user: applyRealmUser,
  channel_folder: applyChannelFolder,
  saved_snippets: applySavedSnippets,
  alert_words: applyAlertWords,
  has_videoprovider_token: applyVideoProviderToken,
  presence: applyPresence,
  user_status: applyUserStatus,
  heartbeat: () => {},
};

export interface ApplyResult {
  /** Some message entered or left one of the unread sets. */
  unreadsChanged: boolean;
  /** A new message to decide a notification for (message events only). */
  newMessage?: { message: Message; flags: string[] };
  /** Messages that stopped being unread (read or deleted): their notifications can close. */
  noLongerUnread?: number[] | 'all';
}

/**
 * Events that never change who is in which group: the frequent ones, after which a user's
 * groups are not looked up again (any other event forgets them).
 */
const KEEPS_GROUPS = new Set([
  'message',
  'update_message_flags',
  'update_message',
  'delete_message',
  'reaction',
  'submessage',
  'typing',
  'presence',
  'user_status',
  'heartbeat',
]);

export class AccountState {
  readonly #model: AccountModel;
  /**
   * Each user's groups as last found: the Messages sidebar asks for the reader's on every
   * incoming message, and finding them walks every group's members (bench/README.md,
   * `background`).
   */
  readonly #groupIds = new Map<number, readonly number[]>();

  constructor(register: AccountRegister) {
    this.#model = modelFromRegister(register);
  }

  apply(event: { id: number; type: string }): ApplyResult {
    const handler = (HANDLERS as Partial<Record<string, (m: AccountModel, e: never) => void>>)[
      event.type
    ];
    if (handler === undefined) return { unreadsChanged: false };
    const before = this.#model.unreads.version;
    handler(this.#model, event as never);
    if (!KEEPS_GROUPS.has(event.type)) this.#groupIds.clear();
    const result: ApplyResult = { unreadsChanged: this.#model.unreads.version !== before };
    const removed = this.#model.unreads.takeRemoved();
    if (removed === 'all' || removed.length > 0) result.noLongerUnread = removed;
    if (event.type === 'message') {
      const { message, flags } = event as Extract<AccountEvent, { type: 'message' }>;
      result.newMessage = { message, flags };
    }
    return result;
  }

  /** What decideNotification needs for a message of this account. */
  policyInput(message: Message, flags: string[], alreadyDecided: boolean): NotificationInput {
    const m = this.#model;
    const streamId = message.type === 'stream' ? message.stream_id : undefined;
    const base = { sender_id: message.sender_id, flags, id: message.id, type: message.type };
    const common = { me: { user_id: m.userId }, settings: m.settings, alreadyDecided };
    if (streamId === undefined) {
      return { ...common, message: base, subscription: undefined, topicPolicy: 0 };
    }
    return {
      ...common,
      message: { ...base, stream_id: streamId, topic: message.subject },
      subscription: m.subscriptions.get(streamId),
      topicPolicy: topicPolicyOf(m, streamId, message.subject),
    };
  }

  get userId(): number {
    return this.#model.userId;
  }

  /** The server's feature level at the latest registration. */
  get featureLevel(): number {
    return this.#model.featureLevel;
  }

  get realmName(): string {
    return this.#model.realmName;
  }

  get settings(): Readonly<AccountSettings> {
    return this.#model.settings;
  }

  get realmDefaults(): Readonly<Record<string, unknown>> {
    return this.#model.realmDefaults;
  }

  get typingPeriods(): Readonly<TypingPeriods> {
    return this.#model.typingPeriods;
  }

  get alertWords(): readonly string[] {
    return this.#model.alertWords;
  }

  get hasVideoProviderToken(): boolean {
    return this.#model.hasVideoProviderToken;
  }

  subscription(streamId: number): Readonly<Subscription> | undefined {
    return this.#model.subscriptions.get(streamId);
  }

  subscriptions(): Readonly<Subscription>[] {
    return [...this.#model.subscriptions.values()];
  }

  stream(streamId: number): Readonly<Stream> | undefined {
    return this.#model.streams.get(streamId);
  }

  topicPolicy(streamId: number, topic: string): TopicPolicy {
    return topicPolicyOf(this.#model, streamId, topic);
  }

  user(userId: number): Readonly<RealmUser> | undefined {
    return this.#model.users.get(userId);
  }

  /** Everyone the account knows, deactivated users and bots included. */
  users(): IterableIterator<Readonly<RealmUser>> {
    return this.#model.users.values();
  }

  userGroup(groupId: number): Readonly<UserGroup> | undefined {
    return this.#model.groups.get(groupId);
  }

  /** The active groups a user belongs to: as a member, or as a member of a subgroup. */
  groupIdsOf(userId: number): readonly number[] {
    let ids = this.#groupIds.get(userId);
    if (ids === undefined) {
      ids = this.#findGroupIds(userId);
      this.#groupIds.set(userId, ids);
    }
    return ids;
  }

  #findGroupIds(userId: number): number[] {
    const groups = [...this.#model.groups.values()].filter((g) => !g.deactivated);
    const found = new Set(groups.filter((g) => g.members.includes(userId)).map((g) => g.id));
    for (let grew = true; grew;) {
      grew = false;
      for (const g of groups) {
        if (found.has(g.id) || !(g.direct_subgroup_ids ?? []).some((id) => found.has(id))) continue;
        found.add(g.id);
        grew = true;
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  channelFolders(): Readonly<ChannelFolder>[] {
    return [...this.#model.channelFolders.values()];
  }

  savedSnippets(): Readonly<SavedSnippet>[] {
    return [...this.#model.savedSnippets.values()];
  }

  unreadCounts(): Readonly<UnreadCounts> {
    return this.#model.unreads.counts();
  }

  /** The ids of one unread set, ascending. */
  unreadIds(set: UnreadSetName): number[] {
    return this.#model.unreads.ids(set);
  }

  /** Every unread message with where it was sent, muted ones included (the Inbox). */
  unreadEntries(): IterableIterator<[number, Readonly<UnreadMessage>]> {
    return this.#model.unreads.entries();
  }

  /** Whether the unread sets may lack older unread messages the server did not list. */
  get unreadsComplete(): boolean {
    return !this.#model.oldUnreadsMissing;
  }

  get presenceSettings(): Readonly<PresenceSettings> {
    return this.#model.presenceSettings;
  }

  /** The newest presence update held, for POST /users/me/presence's `last_update_id`. */
  get presenceLastUpdateId(): number {
    return this.#model.presenceLastUpdateId;
  }

  presence(userId: number): Readonly<UserPresence> | undefined {
    return this.#model.presences.get(userId);
  }

  /** Every user with presence data, by id. */
  presences(): ReadonlyMap<number, Readonly<UserPresence>> {
    return this.#model.presences;
  }

  /**
   * Active, idle or offline at `nowMs`. The user's own presence shows offline while they
   * share none (`presence_enabled` off), as others see it.
   */
  presenceStatus(userId: number, nowMs: number): PresenceStatus {
    if (userId === this.userId && this.#model.settings.presence_enabled === false) return 'offline';
    return presenceState(this.#model.presences.get(userId), nowMs, this.#model.presenceSettings);
  }

  /** Takes in the answer of a presence poll (POST /users/me/presence or GET /realm/presence). */
  mergePresences(presences: Record<string, unknown> | undefined, lastUpdateId?: number): void {
    mergePresences(this.#model, presences, lastUpdateId);
  }

  userStatus(userId: number): Readonly<UserStatus> | undefined {
    return this.#model.statuses.get(userId);
  }

  /** The users who have a status, by id. */
  userStatuses(): ReadonlyMap<number, Readonly<UserStatus>> {
    return this.#model.statuses;
  }

  isUnread(messageId: number): boolean {
    return this.#model.unreads.has(messageId);
  }

  /** Where an unread message was sent and whether it mentions the user; undefined once read. */
  unreadEntry(messageId: number): Readonly<UnreadMessage> | undefined {
    return this.#model.unreads.get(messageId);
  }
}
