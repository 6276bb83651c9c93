/**
 * How the Settings page groups the user's own settings: as the official web app's
 * Preferences, Notifications and Account & privacy pages do, with Compose on its own.
 * Labels and coded values come from the defaults catalog (the same settings, organization
 * wide); a few read better in the first person here.
 */
import type { DefaultsParam } from '../../../contract/schemas/admin-org.ts';
import type { OwnParam } from '../../../contract/schemas/settings.ts';
import { CATALOG, type DefaultValue } from '../admin/rules/defaults-catalog.ts';

export type SectionId = 'preferences' | 'notifications' | 'privacy' | 'compose' | 'snippets';

export const SECTIONS: { id: SectionId; label: string }[] = [
  { id: 'preferences', label: 'Preferences' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'compose', label: 'Compose' },
  { id: 'snippets', label: 'Saved snippets' },
];

export type SettingsGroup = { title: string; names: OwnParam[] };

export const GROUPS: Record<Exclude<SectionId, 'snippets'>, SettingsGroup[]> = {
  preferences: [
    {
      title: 'General',
      names: [
        'default_language',
        'timezone',
        'twenty_four_hour_time',
        'color_scheme',
        'web_font_size_px',
        'web_line_height_percent',
        'fluid_layout_width',
        'high_contrast_mode',
        'web_suggest_update_timezone',
      ],
    },
    {
      title: 'Navigation',
      names: [
        'web_home_view',
        'web_escape_navigates_to_home_view',
        'web_channel_default_view',
        'web_navigate_to_sent_message',
        'web_mark_read_on_scroll_policy',
        'web_animate_image_previews',
      ],
    },
    {
      title: 'Information',
      names: [
        'starred_message_counts',
        'receives_typing_notifications',
        'demote_inactive_streams',
        'web_stream_unreads_count_display_policy',
        'web_inbox_show_channel_folders',
        'user_list_style',
        'left_side_userlist',
        'hide_ai_features',
      ],
    },
    {
      title: 'Emoji',
      names: ['emojiset', 'translate_emoticons', 'display_emoji_reaction_users'],
    },
  ],
  notifications: [
    {
      title: 'Direct messages and mentions',
      names: ['enable_desktop_notifications', 'enable_sounds', 'wildcard_mentions_notify'],
    },
    {
      title: 'Channels',
      names: [
        'enable_stream_desktop_notifications',
        'enable_stream_audible_notifications',
        'enable_stream_push_notifications',
        'enable_stream_email_notifications',
      ],
    },
    {
      title: 'Followed topics',
      names: [
        'enable_followed_topic_desktop_notifications',
        'enable_followed_topic_audible_notifications',
        'enable_followed_topic_push_notifications',
        'enable_followed_topic_email_notifications',
        'enable_followed_topic_wildcard_mentions_notify',
      ],
    },
    {
      title: 'Topics',
      names: [
        'automatically_follow_topics_policy',
        'automatically_unmute_topics_in_muted_streams_policy',
        'automatically_follow_topics_where_mentioned',
        'resolved_topic_notice_auto_read_policy',
      ],
    },
    {
      title: 'Desktop',
      names: [
        'notification_sound',
        'pm_content_in_desktop_notifications',
        'desktop_icon_count_display',
      ],
    },
    {
      title: 'Mobile',
      names: ['enable_online_push_notifications', 'enable_offline_push_notifications'],
    },
    {
      title: 'Email',
      names: [
        'enable_offline_email_notifications',
        'email_notifications_batching_period_seconds',
        'message_content_in_email_notifications',
        'realm_name_in_email_notifications_policy',
        'enable_digest_emails',
      ],
    },
  ],
  privacy: [
    {
      title: 'Privacy',
      names: [
        'presence_enabled',
        'send_read_receipts',
        'send_private_typing_notifications',
        'send_stream_typing_notifications',
        'email_address_visibility',
        'enable_drafts_synchronization',
      ],
    },
  ],
  compose: [{ title: 'Compose', names: ['enter_sends'] }],
};

/** Labels that read better for one's own settings than for an organization's defaults. */
const OWN_LABELS: Partial<Record<OwnParam, string>> = {
  default_language: 'Language',
  timezone: 'Time zone',
  color_scheme: 'Color scheme in the web app',
  twenty_four_hour_time: 'Time format',
  enter_sends: 'Enter sends the message (otherwise Ctrl+Enter sends)',
  emojiset: 'Emoji set',
  realm_name_in_email_notifications_policy: 'Organization name in email subjects',
  enable_drafts_synchronization: 'Keep drafts on the server (turning off deletes them there)',
  email_address_visibility: 'Who can see my email address',
  presence_enabled: 'Show others when I am online',
};

/** The languages the reference server knows, by their own names; another shows as itself. */
const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['ja', '日本語'],
];

/** Every IANA time zone this system knows, '' meaning none set (as upstream's default). */
function timeZones(): [string, string][] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [['', 'Not set'], ...zones.map((z): [string, string] => [z, z.replaceAll('_', ' ')])];
}

const OWN_OPTIONS: Partial<Record<DefaultsParam, [DefaultValue, string][]>> = {
  twenty_four_hour_time: [
    [false, '12-hour (1:00 PM)'],
    [true, '24-hour (13:00)'],
  ],
  emojiset: [
    ['google', 'Google'],
    ['twitter', 'Twitter'],
    ['text', 'Plain text'],
  ],
  realm_name_in_email_notifications_policy: [
    [1, 'Automatic'],
    [2, 'Always'],
    [3, 'Never'],
  ],
};

/** What a setting does in Perch where its label alone would mislead. */
const OWN_HELP: Partial<Record<OwnParam, string>> = {
  default_language: "The language of the server's emails and web app; Perch itself is in English.",
  timezone:
    "Others see your local time on your card. Message times show in this computer's time " +
    'zone, as in the web app.',
  emojiset:
    'Perch draws Google and Twitter alike with its own bundled pictures (Noto); ' +
    'Plain text shows every emoji as its :name:.',
  translate_emoticons:
    'In messages you send, the server turns emoticons into emoji: :) and (: smile, :( frown, ' +
    '<3 heart, :| neutral, :/ confused, ;) wink, :D grinning, :o open mouth, :p tongue. ' +
    "Code stays as typed; compose's preview shows the result.",
  display_emoji_reaction_users:
    'On a message with 3 reactions or fewer, the reactions show who reacted instead of how many.',
};

export type SettingItem = {
  name: OwnParam;
  label: string;
  /** A sentence under the control saying what the setting does in Perch. */
  help?: string | undefined;
  /** Coded values with their meaning; none for a plain on/off or a number. */
  options?: [DefaultValue, string][] | undefined;
};

export function itemOf(name: OwnParam): SettingItem {
  const help = OWN_HELP[name];
  if (name === 'timezone' || name === 'default_language') {
    const options = name === 'timezone' ? timeZones() : LANGUAGES;
    return { name, label: OWN_LABELS[name] ?? name, options, help };
  }
  const options = OWN_OPTIONS[name] ?? CATALOG[name].options;
  return { name, label: OWN_LABELS[name] ?? CATALOG[name].label, options, help };
}
