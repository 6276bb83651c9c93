/**
 * How the defaults panel presents each parameter of spec 4.1: its group, a label, and the
 * meaning of each coded value, so nobody has to know that `color_scheme: 2` means dark.
 */
import {
  DEFAULTS_PARAMS,
  DEFAULTS_PARAM_NAMES,
  paramSinceLevel,
  type DefaultsParam,
} from '../../../../contract/schemas/admin-org.ts';

export type DefaultsGroup = 'display' | 'notifications' | 'privacy';
export type DefaultValue = boolean | number | string;

export const GROUP_LABELS: Record<DefaultsGroup, string> = {
  display: 'Display',
  notifications: 'Notifications',
  privacy: 'Privacy',
};

type Entry = {
  group: DefaultsGroup;
  label: string;
  options?: [DefaultValue, string][];
  /** What a null value means, for a setting the server may report as null. */
  nullLabel?: string;
};

const TOPIC_POLICY: [number, string][] = [
  [1, 'Topics I participate in'],
  [2, 'Topics I send a message to'],
  [3, 'Topics I start'],
  [4, 'Never'],
];

const display = (label: string, options?: [DefaultValue, string][]): Entry =>
  options ? { group: 'display', label, options } : { group: 'display', label };
const notify = (label: string, options?: [DefaultValue, string][]): Entry =>
  options ? { group: 'notifications', label, options } : { group: 'notifications', label };
const privacy = (label: string, options?: [DefaultValue, string][]): Entry =>
  options ? { group: 'privacy', label, options } : { group: 'privacy', label };

export const CATALOG: Record<DefaultsParam, Entry> = {
  starred_message_counts: display('Show counts for starred messages'),
  fluid_layout_width: display('Use full width on wide screens'),
  translate_emoticons: display('Convert emoticons to emoji'),
  receives_typing_notifications: display('Show when others are typing'),
  web_suggest_update_timezone: display('Offer to update the time zone when the device differs'),
  high_contrast_mode: display('High contrast mode'),
  web_channel_default_view: display('Clicking a channel opens', [
    [1, 'Top topic'],
    [2, 'Channel feed'],
    [3, 'List of topics'],
    [4, 'Top unread topic'],
  ]),
  web_font_size_px: display('Font size (pixels)'),
  web_line_height_percent: display('Line height (percent; 120 means 1.2)'),
  color_scheme: display('Color scheme', [
    [1, 'Automatic'],
    [2, 'Dark'],
    [3, 'Light'],
  ]),
  display_emoji_reaction_users: display('Show who reacted with an emoji'),
  web_home_view: display('Home view', [
    ['recent', 'Recent conversations'],
    ['inbox', 'Inbox'],
    ['all_messages', 'All messages'],
  ]),
  web_escape_navigates_to_home_view: display('Escape key goes to the home view'),
  left_side_userlist: display('Show the user list on the left'),
  emojiset: display('Emoji set (text, or the name of an artwork set)'),
  demote_inactive_streams: display('Demote inactive channels', [
    [1, 'Automatic'],
    [2, 'Always'],
    [3, 'Never'],
  ]),
  user_list_style: display('User list style', [
    [1, 'Compact'],
    [2, 'With status'],
    [3, 'With avatar and status'],
  ]),
  web_animate_image_previews: display('Animate image previews', [
    ['always', 'Always'],
    ['on_hover', 'On hover'],
    ['never', 'Never'],
  ]),
  web_stream_unreads_count_display_policy: display('Show unread counts for', [
    [1, 'All channels'],
    [2, 'Unmuted channels and topics'],
    [3, 'No channels'],
  ]),
  hide_ai_features: display('Hide AI features'),
  web_inbox_show_channel_folders: display('Show channel folders in the inbox'),
  enter_sends: display('Enter sends the message'),
  // null since FL 408: each user's locale decides.
  twenty_four_hour_time: { ...display('24-hour time'), nullLabel: 'Automatic' },
  web_navigate_to_sent_message: display('Go to a message after sending it'),
  web_mark_read_on_scroll_policy: display('Mark messages as read on scroll', [
    [1, 'Always'],
    [2, 'Only in conversation views'],
    [3, 'Never'],
  ]),
  enable_stream_desktop_notifications: notify('Channel messages: desktop notifications'),
  enable_stream_email_notifications: notify('Channel messages: email notifications'),
  enable_stream_push_notifications: notify('Channel messages: mobile notifications'),
  enable_stream_audible_notifications: notify('Channel messages: sound'),
  notification_sound: notify('Notification sound'),
  enable_desktop_notifications: notify('Desktop notifications for direct messages and mentions'),
  enable_sounds: notify('Sound for direct messages and mentions'),
  enable_followed_topic_desktop_notifications: notify('Followed topics: desktop notifications'),
  enable_followed_topic_email_notifications: notify('Followed topics: email notifications'),
  enable_followed_topic_push_notifications: notify('Followed topics: mobile notifications'),
  enable_followed_topic_audible_notifications: notify('Followed topics: sound'),
  enable_followed_topic_wildcard_mentions_notify: notify(
    'Followed topics: notify for @all mentions',
  ),
  email_notifications_batching_period_seconds: notify('Wait before sending email (seconds)'),
  enable_offline_email_notifications: notify('Email notifications when offline'),
  enable_offline_push_notifications: notify('Mobile notifications when offline'),
  enable_online_push_notifications: notify('Mobile notifications when online'),
  enable_digest_emails: notify('Digest emails'),
  message_content_in_email_notifications: notify('Include message content in emails'),
  pm_content_in_desktop_notifications: notify('Include direct message content on the desktop'),
  wildcard_mentions_notify: notify('Notify for @all mentions'),
  desktop_icon_count_display: notify('Unread count on the app icon', [
    [1, 'All unread messages'],
    [2, 'DMs, mentions and followed topics'],
    [3, 'DMs and mentions'],
    [4, 'None'],
  ]),
  realm_name_in_email_notifications_policy: notify('Organization name in emails (policy code)'),
  automatically_follow_topics_policy: notify('Follow topics automatically', TOPIC_POLICY),
  automatically_unmute_topics_in_muted_streams_policy: notify(
    'Unmute topics in muted channels automatically',
    TOPIC_POLICY,
  ),
  automatically_follow_topics_where_mentioned: notify('Follow topics where mentioned'),
  resolved_topic_notice_auto_read_policy: notify('Mark "topic resolved" notices as read', [
    ['always', 'Always'],
    ['except_followed', 'Except in followed topics'],
    ['never', 'Never'],
  ]),
  enable_drafts_synchronization: privacy(
    'Keep drafts on the server (turning off deletes them there)',
  ),
  presence_enabled: privacy('Show availability to others'),
  send_private_typing_notifications: privacy('Tell others I am typing a direct message'),
  send_stream_typing_notifications: privacy('Tell others I am typing in a channel'),
  send_read_receipts: privacy('Send read receipts'),
  email_address_visibility: privacy('Who can see the email address', [
    [1, 'Everyone'],
    [2, 'Members only'],
    [3, 'Administrators only'],
    [4, 'Nobody'],
    [5, 'Moderators only'],
  ]),
};

export type CatalogItem = Entry & {
  name: DefaultsParam;
  kind: 'boolean' | 'integer' | 'string';
};

/** The parameters a server at this feature level knows, by group, in spec order. */
export function visibleParams(featureLevel: number): Record<DefaultsGroup, CatalogItem[]> {
  const out: Record<DefaultsGroup, CatalogItem[]> = { display: [], notifications: [], privacy: [] };
  for (const name of DEFAULTS_PARAM_NAMES) {
    if (paramSinceLevel(name) > featureLevel) continue;
    const entry = CATALOG[name];
    out[entry.group].push({ ...entry, name, kind: DEFAULTS_PARAMS[name].type });
  }
  return out;
}

/** The label of a value, for the preview: the meaning, not the code. */
export function valueLabel(name: DefaultsParam, value: unknown): string {
  const option = CATALOG[name].options?.find(([v]) => v === value);
  if (option) return option[1];
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (value === null && CATALOG[name].nullLabel) return CATALOG[name].nullLabel;
  if (value === undefined || value === null) return '(not set)';
  return String(value);
}
