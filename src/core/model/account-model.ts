/**
 * The mutable model behind AccountState, in a file of its own so that the event handlers
 * (state-*-events.ts, state-presence.ts) and the builder (state-model.ts) each depend on
 * it without depending on one another.
 */
import type {
  ChannelFolder,
  RealmUser,
  SavedSnippet,
  Stream,
  Subscription,
  UserGroup,
  AccountSettings,
  UserStatus,
  UserTopic,
} from './state-types.ts';
import type { PresenceSettings, UserPresence } from '../presence/presence-state.ts';
import type { TypingPeriods } from './typing-periods.ts';
import type { UnreadIndex } from './unreads.ts';

export interface AccountModel {
  userId: number;
  realmName: string;
  /** The server's API level: some events mean different things on older servers. */
  featureLevel: number;
  settings: AccountSettings;
  realmDefaults: Record<string, unknown>;
  subscriptions: Map<number, Subscription>;
  streams: Map<number, Stream>;
  /** stream id -> lower-cased topic name -> entry. */
  userTopics: Map<number, Map<string, UserTopic>>;
  users: Map<number, RealmUser>;
  groups: Map<number, UserGroup>;
  alertWords: string[];
  channelFolders: Map<number, ChannelFolder>;
  savedSnippets: Map<number, SavedSnippet>;
  hasVideoProviderToken: boolean;
  /** The server left out older unread messages (it lists a bounded number). */
  oldUnreadsMissing: boolean;
  /** The server's typing protocol periods (register). */
  typingPeriods: TypingPeriods;
  unreads: UnreadIndex;
  /** Presence by user id (modern format), from register, events and presence polls. */
  presences: Map<number, UserPresence>;
  /** The newest presence data held: what POST /users/me/presence asks after (-1: none). */
  presenceLastUpdateId: number;
  presenceSettings: PresenceSettings;
  /** Users who have a status, by id. */
  statuses: Map<number, UserStatus>;
}
