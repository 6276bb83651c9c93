/**
 * What AccountState reads, named in the Core's words. Every wire shape is the type the zod
 * schemas of src/api/schemas infer, so the parser and the state model cannot drift apart;
 * the few types below that are not wire shapes say so.
 */
import type { KnownEvent } from '../../api/schemas/event.ts';
import type { Message } from '../../api/schemas/message.ts';
import type {
  RegisterResponse as WireRegisterResponse,
  UnreadMessages,
} from '../../api/schemas/register.ts';
import type { UserSettings } from '../../api/schemas/settings.ts';
import type { User } from '../../api/schemas/user.ts';

export type { ChannelFolder } from '../../api/schemas/channel-folder.ts';
export type { Message } from '../../api/schemas/message.ts';
export type { UserStatus } from '../../api/schemas/presence.ts';
export type { MutedTopic, UserTopic } from '../../api/schemas/register.ts';
export type { SavedSnippet } from '../../api/schemas/saved-snippet.ts';
export type { Channel as Stream, Subscription } from '../../api/schemas/subscription.ts';
export type { UserGroup } from '../../api/schemas/user-group.ts';

export type MessageType = Message['type'];
export type UnreadMsgs = UnreadMessages;

/**
 * Core-only: a topic's `visibility_policy` as the Core reads it, 0 inherit, 1 muted,
 * 2 unmuted, 3 followed. The schema keeps any integer, so that a policy a later server
 * adds does not fail the register.
 */
export type TopicPolicy = 0 | 1 | 2 | 3;

/**
 * Core-only: the user's settings as AccountState holds them. The schema leaves every
 * setting optional (a server of another level may lack any); these are the ones the
 * notification policy and the badge read, which every server Perch follows sends, the
 * followed-topic ones (FL 189) filled in by toAccountRegister (register-state.ts).
 */
export type AccountSettings = UserSettings &
  Required<
    Pick<
      UserSettings,
      | 'enable_desktop_notifications'
      | 'enable_sounds'
      | 'enable_stream_desktop_notifications'
      | 'enable_stream_audible_notifications'
      | 'enable_followed_topic_desktop_notifications'
      | 'enable_followed_topic_audible_notifications'
      | 'enable_followed_topic_wildcard_mentions_notify'
      | 'wildcard_mentions_notify'
      | 'pm_content_in_desktop_notifications'
      | 'notification_sound'
      | 'desktop_icon_count_display'
    >
  >;

/**
 * Core-only: an entry of the account's user table. Register lists whole users, but a
 * `realm_user` event carries only `user_id` and the fields that changed, merged over
 * what was known.
 */
export type RealmUser = Partial<User> & Pick<User, 'user_id'>;

/**
 * Core-only: the register answer once toAccountRegister (register-state.ts) has checked
 * it. The schema leaves every state section optional; these are the ones Perch always
 * fetches and refuses to start without, `user_topics` filled from `muted_topics` below
 * FL 134.
 */
export type AccountRegister = WireRegisterResponse &
  Required<
    Pick<WireRegisterResponse, 'user_id' | 'subscriptions' | 'unread_msgs' | 'user_topics'>
  > & {
    user_settings: AccountSettings;
  };

type EventOf<T extends KnownEvent['type']> = Extract<KnownEvent, { type: T }>;

export type MessageEvent = EventOf<'message'>;
export type UpdateMessageEvent = EventOf<'update_message'>;
export type DeleteMessageEvent = EventOf<'delete_message'>;
export type ReactionEvent = EventOf<'reaction'>;
export type SubscriptionEvent = EventOf<'subscription'>;
export type UpdateMessageFlagsEvent = EventOf<'update_message_flags'>;
export type MessageDetails = NonNullable<UpdateMessageFlagsEvent['message_details']>[string];
export type UserTopicEvent = EventOf<'user_topic'>;
export type MutedTopicsEvent = EventOf<'muted_topics'>;
export type SettingUpdateEvent = EventOf<'user_settings' | 'realm_user_settings_defaults'>;
/** What a `user_settings` update was before FL 89. */
export type LegacySettingEvent = EventOf<'update_display_settings' | 'update_global_notifications'>;
export type RealmUserEvent = EventOf<'realm_user'>;
export type ChannelFolderEvent = EventOf<'channel_folder'>;
export type SavedSnippetsEvent = EventOf<'saved_snippets'>;
export type AlertWordsEvent = EventOf<'alert_words'>;
export type VideoProviderTokenEvent = EventOf<'has_videoprovider_token'>;
export type PresenceEvent = EventOf<'presence'>;
export type UserStatusEvent = EventOf<'user_status'>;
export type HeartbeatEvent = EventOf<'heartbeat'>;

/**
 * Core-only: the `stream` event, which src/api/schemas does not model, so it reaches the
 * Core as an unmodelled payload (the `unknown` variant of ServerEvent). Only renames and
 * archival matter to the state; archiving a channel removes its messages from the unread
 * counts.
 */
export type StreamEvent =
  | {
      id: number;
      type: 'stream';
      op: 'update';
      stream_id: number;
      property: string;
      value: unknown;
    }
  | {
      id: number;
      type: 'stream';
      op: 'delete';
      stream_ids?: number[];
      streams?: { stream_id: number }[];
    };

export type AccountEvent = KnownEvent | StreamEvent;
