/** Records of the in-memory organization. Field names follow the spec's wire names. */
import type { GroupPermission, GroupSettingValue } from '../../lib/wire/group-permissions.ts';

export type SettingValue = boolean | number | string;

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

export interface PushDevice {
  device_id: number;
  kind: 'e2ee' | 'ios_legacy';
  token: string;
  appid: string | null;
}

/** Upstream's realm_topics_policy vocabulary (register-queue). */
export const TOPICS_POLICIES = ['allow_empty_topic', 'disable_empty_topic'] as const;
export type TopicsPolicy = (typeof TOPICS_POLICIES)[number];

export interface UserRecord {
  user_id: number;
  /** API email; equal to the real address in this server. */
  email: string;
  delivery_email: string;
  full_name: string;
  role: number;
  is_active: boolean;
  is_bot: boolean;
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  bot_type: number | null;
  bot_owner_id: number | null;
  api_key: string;
  password: string;
  /** UNIX seconds. */
  date_joined: number;
  timezone: string;
  avatar_version: number;
  is_imported_stub: boolean;
  can_create_users: boolean;
  settings: Record<string, SettingValue>;
  /** Custom profile field id -> value. */
  profile_data: Map<number, string>;
  /** The user groups a deactivation took the user out of, given back on reactivation. */
  groups_before_deactivation?: number[];
  alert_words: string[];
  /** Outgoing-webhook bots only. */
  webhook: { url: string; token: string } | null;
  push_devices: PushDevice[];
  has_videoprovider_token: boolean;
}

export interface ChannelRecord {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  /** UNIX seconds. */
  date_created: number;
  creator_id: number | null;
  folder_id: number | null;
  is_archived: boolean;
  is_default: boolean;
  /** User group whose members may remove subscribers. */
  can_remove_subscribers_group: number;
  /** Users administering this channel (FL 349). */
  channel_admins: Set<number>;
}

export const SUBSCRIPTION_NOTIFY_PROPERTIES = [
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;
export type SubscriptionNotifyProperty = (typeof SUBSCRIPTION_NOTIFY_PROPERTIES)[number];

export interface SubscriptionRecord {
  user_id: number;
  stream_id: number;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  /** null = inherit the user's default. */
  notify: Record<SubscriptionNotifyProperty, boolean | null>;
}

export interface ChannelFolderRecord {
  channel_folder_id: number;
  name: string;
  description: string;
  is_archived: boolean;
  order: number;
  date_created: number;
  creator_id: number | null;
}

export interface UserGroupRecord {
  id: number;
  name: string;
  description: string;
  members: Set<number>;
  subgroups: Set<number>;
  is_system_group: boolean;
  deactivated: boolean;
  date_created: number;
  creator_id: number | null;
  /** Permission settings set explicitly; the rest take defaultGroupSettings (user groups only). */
  settings?: Partial<Record<GroupPermission, GroupSettingValue>>;
}

export type { GroupSettingValue };

export interface ProfileFieldRecord {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  field_data: Record<string, unknown>;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
  use_for_user_matching: boolean;
  order: number;
}

export interface LinkifierRecord {
  id: number;
  pattern: string;
  url_template: string;
  reverse_template: string | null;
  alternative_url_templates: string[];
}

/** An organization's custom emoji (spec: GET /realm/emoji); deactivated ones stay listed. */
export interface RealmEmojiRecord {
  id: string;
  name: string;
  author_id: number | null;
  deactivated: boolean;
  /** The image as uploaded, served at the record's source_url. */
  image: { contentType: string; bytes: Buffer; extension: string };
}

export interface SavedSnippetRecord {
  saved_snippet_id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

export interface InvitationRecord {
  id: number;
  email: string;
  invited_by: number;
  invite_as: number;
  stream_ids: number[];
  group_ids: number[];
  /** UNIX seconds, or null for never. */
  expiry: number | null;
  notify_referrer_on_join: boolean;
  welcome_message_custom_text: string | null;
  /** UNIX seconds when it was sent, or last resent (upstream's `invited`). */
  invited: number;
}

/** A reusable invitation link (POST /invites/multiuse); kept once revoked, as upstream. */
export interface MultiuseInviteRecord {
  id: number;
  /** The secret part of the link's URL. */
  key: string;
  invited_by: number;
  invite_as: number;
  stream_ids: number[];
  group_ids: number[];
  /** UNIX seconds, or null for never. */
  expiry: number | null;
  invited: number;
  notify_referrer_on_join: boolean;
  revoked: boolean;
}

/** 0 inherit, 1 muted, 2 unmuted, 3 followed. */
export interface UserTopicRecord {
  user_id: number;
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

/** Outcomes the test-notification endpoint can be configured to produce. */
export type PushOutcome =
  | 'ok'
  | 'NO_ACTIVE_PUSH_DEVICE'
  | 'ADMIN_ACTION_REQUIRED'
  | 'FAILED_TO_CONNECT_BOUNCER'
  | 'INTERNAL_SERVER_ERROR_ON_BOUNCER';

export interface RealmRecord {
  name: string;
  description: string;
  icon: string;
  url: string;
  feature_level: number;
  deactivated: boolean;
  /** Days before deletion once deactivated; null = kept indefinitely. */
  deletion_delay_days: number | null;
  min_deletion_days: number | null;
  max_deletion_days: number | null;
  /** Demo organizations are deleted automatically at this UNIX second. */
  demo_deletion_at: number | null;
  empty_topic_display_name: string;
  /**
   * Whether channel messages may go to the empty ("general chat") topic: upstream's
   * realm_topics_policy (FL 392), the boolean realm_mandatory_topics before it.
   */
  topics_policy: TopicsPolicy;
  jwt_key: string;
  push_outcome: PushOutcome;
  /** Base URL of the configured video-call provider, or null when none is configured. */
  video_provider_url: string | null;
  user_settings_defaults: Record<string, SettingValue>;
  max_channel_folder_name_length: number;
  /** POST /user_uploads refuses larger files; register reports it. */
  max_file_upload_size_mib: number;
  max_channel_folder_description_length: number;
  /** User groups whose members may subscribe others and invite new users. */
  can_add_subscribers_group: number;
  /** Who may send email invitations (FL 321): a named group or an anonymous one. */
  can_invite_users_group: GroupSettingValue;
  /**
   * Who may create reusable invitation links (FL 209); upstream's default is administrators.
   * An anonymous group from FL 314, a named group's id before.
   */
  create_multiuse_invite_group: GroupSettingValue;
  /** Who may use wildcard mentions in large channels and topics (FL 352). */
  can_mention_many_users_group: number;
  /** Who may upload custom emoji (a group id; upstream's default is members). */
  can_add_custom_emoji_group: number;
  /** Who may create public and private channels (FL 264 / 266; upstream's default: members). */
  can_create_public_channel_group: number;
  can_create_private_channel_group: number;
  /** Invitations the organization may send per day; upstream's default is 3000. */
  max_invites?: number;
  /**
   * Seats the organization's plan pays for; absent: no plan limit (a self-hosted server
   * without billing). Upstream counts a seat per non-guest and one per five guests.
   */
  license_limit?: number;
  /** Who may edit, move and delete messages, and until when (upstream's realm settings). */
  message_edit: MessageEditSettings;
  /** The typing protocol's periods in milliseconds, if not upstream's (register, FL 204). */
  typing_periods?: { started_wait: number; stopped_wait: number; started_expiry: number };
}

/** Upstream's message editing settings; limits are seconds after sending, null for none. */
export interface MessageEditSettings {
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  message_content_delete_limit_seconds: number | null;
  move_messages_within_stream_limit_seconds: number | null;
  move_messages_between_streams_limit_seconds: number | null;
  /** User group ids. */
  can_delete_any_message_group: number;
  can_delete_own_message_group: number;
  can_move_messages_between_channels_group: number;
  can_move_messages_between_topics_group: number;
  can_resolve_topics_group: number;
}
