/**
 * The personal settings of spec 4.1: their types, allowed values and built-in defaults (what
 * a fresh organization starts with). The reference server validates against this table, and
 * the Core's organization health view compares an organization's defaults with it.
 */
export type SettingValue = boolean | number | string;

export type SettingKind =
  | { type: 'bool' }
  | { type: 'int'; values?: readonly number[]; min?: number; max?: number }
  | { type: 'string'; values?: readonly string[]; maxLength?: number };

const BOOL = { type: 'bool' } as const;
const ints = (...values: number[]): SettingKind => ({ type: 'int', values });
const strs = (...values: string[]): SettingKind => ({ type: 'string', values });
const POLICY_1_TO_4 = ints(1, 2, 3, 4);

export const SETTINGS: Record<string, { kind: SettingKind; default: SettingValue }> = {
  starred_message_counts: { kind: BOOL, default: true },
  fluid_layout_width: { kind: BOOL, default: false },
  translate_emoticons: { kind: BOOL, default: false },
  receives_typing_notifications: { kind: BOOL, default: true },
  web_suggest_update_timezone: { kind: BOOL, default: true },
  high_contrast_mode: { kind: BOOL, default: false },
  web_channel_default_view: { kind: POLICY_1_TO_4, default: 1 },
  web_font_size_px: { kind: { type: 'int', min: 12, max: 24 }, default: 16 },
  web_line_height_percent: { kind: { type: 'int', min: 122, max: 158 }, default: 140 },
  color_scheme: { kind: ints(1, 2, 3), default: 1 },
  enable_drafts_synchronization: { kind: BOOL, default: true },
  display_emoji_reaction_users: { kind: BOOL, default: true },
  web_home_view: { kind: strs('recent', 'inbox', 'all_messages'), default: 'inbox' },
  web_escape_navigates_to_home_view: { kind: BOOL, default: true },
  left_side_userlist: { kind: BOOL, default: false },
  emojiset: { kind: strs('text', 'google', 'twitter'), default: 'google' },
  demote_inactive_streams: { kind: ints(1, 2, 3), default: 1 },
  user_list_style: { kind: ints(1, 2, 3), default: 2 },
  web_animate_image_previews: { kind: strs('always', 'on_hover', 'never'), default: 'on_hover' },
  web_stream_unreads_count_display_policy: { kind: ints(1, 2, 3), default: 2 },
  hide_ai_features: { kind: BOOL, default: false },
  web_inbox_show_channel_folders: { kind: BOOL, default: true },
  enable_stream_desktop_notifications: { kind: BOOL, default: false },
  enable_stream_email_notifications: { kind: BOOL, default: false },
  enable_stream_push_notifications: { kind: BOOL, default: false },
  enable_stream_audible_notifications: { kind: BOOL, default: false },
  notification_sound: { kind: { type: 'string', maxLength: 60 }, default: 'zulip' },
  enable_desktop_notifications: { kind: BOOL, default: true },
  enable_sounds: { kind: BOOL, default: true },
  enable_followed_topic_desktop_notifications: { kind: BOOL, default: true },
  enable_followed_topic_email_notifications: { kind: BOOL, default: true },
  enable_followed_topic_push_notifications: { kind: BOOL, default: true },
  enable_followed_topic_audible_notifications: { kind: BOOL, default: true },
  email_notifications_batching_period_seconds: {
    kind: { type: 'int', min: 120, max: 7 * 24 * 3600 },
    default: 120,
  },
  enable_offline_email_notifications: { kind: BOOL, default: true },
  enable_offline_push_notifications: { kind: BOOL, default: true },
  enable_online_push_notifications: { kind: BOOL, default: true },
  enable_digest_emails: { kind: BOOL, default: true },
  message_content_in_email_notifications: { kind: BOOL, default: true },
  pm_content_in_desktop_notifications: { kind: BOOL, default: true },
  wildcard_mentions_notify: { kind: BOOL, default: true },
  enable_followed_topic_wildcard_mentions_notify: { kind: BOOL, default: true },
  desktop_icon_count_display: { kind: ints(1, 2, 3, 4), default: 1 },
  realm_name_in_email_notifications_policy: { kind: ints(1, 2, 3), default: 1 },
  automatically_follow_topics_policy: { kind: POLICY_1_TO_4, default: 3 },
  automatically_unmute_topics_in_muted_streams_policy: { kind: POLICY_1_TO_4, default: 2 },
  automatically_follow_topics_where_mentioned: { kind: BOOL, default: true },
  resolved_topic_notice_auto_read_policy: {
    kind: strs('always', 'except_followed', 'never'),
    default: 'except_followed',
  },
  presence_enabled: { kind: BOOL, default: true },
  enter_sends: { kind: BOOL, default: false },
  twenty_four_hour_time: { kind: BOOL, default: false },
  send_private_typing_notifications: { kind: BOOL, default: true },
  send_stream_typing_notifications: { kind: BOOL, default: true },
  send_read_receipts: { kind: BOOL, default: true },
  email_address_visibility: { kind: ints(1, 2, 3, 4, 5), default: 1 },
  web_navigate_to_sent_message: { kind: BOOL, default: true },
  web_mark_read_on_scroll_policy: { kind: ints(1, 2, 3), default: 1 },
};

/** The organization defaults a fresh organization starts with. */
export function initialDefaults(): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(SETTINGS).map(([k, v]) => [k, v.default]));
}
