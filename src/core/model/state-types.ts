/**
 * Structural shapes of what AccountState reads: the POST /register response and the events
 * it applies. Field names follow /work/shared/API-NOTES.md exactly so the zod schemas in
 * src/api/schemas can later be checked against these types. Fields Perch does not read are
 * left open (index signatures) rather than listed.
 */

export type MessageType = 'stream' | 'private';

/** 0 inherit, 1 muted, 2 unmuted, 3 followed. */
export type TopicPolicy = 0 | 1 | 2 | 3;

export interface UserSettings {
  enable_desktop_notifications: boolean;
  enable_sounds: boolean;
  enable_stream_desktop_notifications: boolean;
  enable_stream_audible_notifications: boolean;
  enable_followed_topic_desktop_notifications: boolean;
  enable_followed_topic_audible_notifications: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
  wildcard_mentions_notify: boolean;
  pm_content_in_desktop_notifications: boolean;
  notification_sound: string;
  /** 1 all unread; 2 DMs, mentions and followed topics; 3 DMs and mentions; 4 none. */
  desktop_icon_count_display: number;
  [name: string]: unknown;
}

export interface Subscription {
  stream_id: number;
  name: string;
  is_muted: boolean;
  /** Legacy inverse of is_muted; still sent by servers, sometimes alone. */
  in_home_view?: boolean;
  /** null means inherit the user-level default. */
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  push_notifications?: boolean | null;
  email_notifications?: boolean | null;
  pin_to_top?: boolean;
  color?: string;
  folder_id?: number | null;
  is_archived?: boolean;
  subscribers?: number[];
  partial_subscribers?: number[];
  [field: string]: unknown;
}

export interface Stream {
  stream_id: number;
  name: string;
  is_archived?: boolean;
  [field: string]: unknown;
}

export interface UnreadMsgs {
  count: number;
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  old_unreads_missing: boolean;
}

export interface UserTopic {
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: TopicPolicy;
}

/** Before FL 134: `[stream_name, topic, date_muted]`, the date missing before FL 1. */
export type MutedTopic = [string, string, ...number[]];

export interface RealmUser {
  user_id: number;
  email?: string;
  full_name?: string;
  is_active?: boolean;
  is_bot?: boolean;
  [field: string]: unknown;
}

export interface UserGroup {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  deactivated?: boolean;
}

/**
 * Spec 2.5 names the key `channel_folder_id`; the widely deployed server sends `id`, which
 * the API schema (src/api/schemas/channel-folder.ts) turns into `channel_folder_id`.
 */
export interface ChannelFolder {
  channel_folder_id: number;
  name: string;
  description: string;
  is_archived: boolean;
  [field: string]: unknown;
}

/** Keyed by the spec's `saved_snippet_id`, into which the API schema turns upstream `id`. */
export interface SavedSnippet {
  saved_snippet_id: number;
  title: string;
  content: string;
  date_created?: number;
}

export interface RegisterResponse {
  queue_id: string;
  last_event_id: number;
  service_feature_level?: number;
  event_queue_longpoll_timeout_seconds?: number;
  user_id: number;
  email?: string;
  full_name?: string;
  realm_name?: string;
  realm_url?: string;
  user_settings: UserSettings;
  realm_user_settings_defaults?: Record<string, unknown>;
  subscriptions: Subscription[];
  unread_msgs: UnreadMsgs;
  user_topics: UserTopic[];
  realm_users?: RealmUser[];
  realm_user_groups?: UserGroup[];
  alert_words?: string[];
  channel_folders?: ChannelFolder[];
  saved_snippets?: SavedSnippet[];
  streams?: Stream[];
  has_videoprovider_token?: boolean;
  max_message_id?: number;
  presences?: Record<string, unknown>;
  presence_last_update_id?: number;
  user_status?: Record<string, UserStatus>;
  server_presence_ping_interval_seconds?: number;
  server_presence_offline_threshold_seconds?: number;
  realm_presence_disabled?: boolean;
  [field: string]: unknown;
}

export interface DisplayRecipientUser {
  id: number;
  email: string;
  full_name: string;
}

export interface Message {
  id: number;
  sender_id: number;
  sender_full_name: string;
  sender_email?: string;
  type: MessageType;
  stream_id?: number;
  /** The topic. */
  subject: string;
  /** Channel name, or every participant of a direct message (the user included). */
  display_recipient: string | DisplayRecipientUser[];
  content: string;
  content_type?: string;
  timestamp: number;
  is_me_message?: boolean;
  [field: string]: unknown;
}

export interface MessageEvent {
  id: number;
  type: 'message';
  message: Message;
  flags: string[];
}

export interface UpdateMessageEvent {
  id: number;
  type: 'update_message';
  user_id: number | null;
  rendering_only?: boolean;
  message_id: number;
  message_ids: number[];
  flags: string[];
  edit_timestamp?: number;
  stream_id?: number;
  new_stream_id?: number;
  propagate_mode?: string;
  orig_subject?: string;
  subject?: string;
  content?: string;
  rendered_content?: string;
  is_me_message?: boolean;
}

export interface DeleteMessageEvent {
  id: number;
  type: 'delete_message';
  message_type: MessageType;
  message_ids?: number[];
  message_id?: number;
  stream_id?: number;
  topic?: string;
}

export interface ReactionEvent {
  id: number;
  type: 'reaction';
  op: 'add' | 'remove';
  message_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export type SubscriptionEvent =
  | { id: number; type: 'subscription'; op: 'add'; subscriptions: Subscription[] }
  | {
      id: number;
      type: 'subscription';
      op: 'remove';
      subscriptions: { stream_id: number; name: string }[];
    }
  | {
      id: number;
      type: 'subscription';
      op: 'update';
      stream_id: number;
      property: string;
      value: unknown;
    }
  | {
      id: number;
      type: 'subscription';
      op: 'peer_add' | 'peer_remove';
      stream_ids: number[];
      user_ids: number[];
    };

export interface MessageDetails {
  type: MessageType;
  mentioned?: boolean;
  user_ids?: number[];
  stream_id?: number;
  topic?: string;
}

export interface UpdateMessageFlagsEvent {
  id: number;
  type: 'update_message_flags';
  op: 'add' | 'remove';
  flag: string;
  messages: number[];
  all: boolean;
  message_details?: Record<string, MessageDetails>;
}

export interface UserTopicEvent extends UserTopic {
  id: number;
  type: 'user_topic';
}

export interface MutedTopicsEvent {
  id: number;
  type: 'muted_topics';
  muted_topics: MutedTopic[];
}

export interface SettingUpdateEvent {
  id: number;
  type: 'user_settings' | 'realm_user_settings_defaults';
  op: 'update';
  property: string;
  value: unknown;
}

/** What a `user_settings` update was before FL 89. */
export type LegacySettingEvent =
  | { id: number; type: 'update_display_settings'; setting_name: string; setting: unknown }
  | {
      id: number;
      type: 'update_global_notifications';
      notification_name: string;
      setting: unknown;
    };

export interface RealmUserEvent {
  id: number;
  type: 'realm_user';
  op: 'add' | 'remove' | 'update';
  person: RealmUser;
}

export type ChannelFolderEvent =
  | { id: number; type: 'channel_folder'; op: 'add'; channel_folder: ChannelFolder }
  | {
      id: number;
      type: 'channel_folder';
      op: 'update';
      channel_folder_id: number;
      data: Partial<ChannelFolder>;
    };

export type SavedSnippetsEvent =
  | { id: number; type: 'saved_snippets'; op: 'add' | 'update'; saved_snippet: SavedSnippet }
  | { id: number; type: 'saved_snippets'; op: 'remove'; saved_snippet_id: number };

export interface AlertWordsEvent {
  id: number;
  type: 'alert_words';
  alert_words: string[];
}

export interface VideoProviderTokenEvent {
  id: number;
  type: 'has_videoprovider_token';
  value: boolean;
}

/** Archiving a channel removes its messages from the unread counts. */
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

/** Upstream's UserStatus: only the fields that are set. */
export interface UserStatus {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** Modern (`presences`, with simplified_presence_events) or legacy (`user_id` + `presence`). */
export interface PresenceEvent {
  id: number;
  type: 'presence';
  presences?: Record<string, { active_timestamp: number; idle_timestamp: number }>;
  user_id?: number;
  email?: string;
  server_timestamp?: number;
  presence?: Record<string, { status?: string; timestamp?: number }>;
}

/** Only the fields that changed; empty strings clear. */
export interface UserStatusEvent extends UserStatus {
  id: number;
  type: 'user_status';
  user_id: number;
}

export interface HeartbeatEvent {
  id: number;
  type: 'heartbeat';
}

export type AccountEvent =
  | MessageEvent
  | UpdateMessageEvent
  | DeleteMessageEvent
  | ReactionEvent
  | SubscriptionEvent
  | UpdateMessageFlagsEvent
  | UserTopicEvent
  | MutedTopicsEvent
  | SettingUpdateEvent
  | LegacySettingEvent
  | RealmUserEvent
  | ChannelFolderEvent
  | SavedSnippetsEvent
  | AlertWordsEvent
  | VideoProviderTokenEvent
  | StreamEvent
  | PresenceEvent
  | UserStatusEvent
  | HeartbeatEvent;
