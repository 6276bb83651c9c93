/**
 * Personal settings (spec 4.1 / 2.8): the organization defaults and a user's own settings
 * share these names. Every field is optional because a server of another level may lack
 * any of them; unknown settings are kept.
 */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** Before FL 454 the recent view was called `recent_topics`; callers always see `recent`. */
export const homeViewSchema = lazySchema(() =>
  z.string().transform((value) => (value === 'recent_topics' ? 'recent' : value)),
);

const bool = lazySchema(() => z.boolean().optional());
const int = lazySchema(() => integer.optional());
const str = lazySchema(() => z.string().optional());

export const personalSettingsSchema = lazySchema(() =>
  z.looseObject({
    starred_message_counts: bool,
    fluid_layout_width: bool,
    translate_emoticons: bool,
    receives_typing_notifications: bool,
    web_suggest_update_timezone: bool,
    high_contrast_mode: bool,
    web_channel_default_view: int,
    web_font_size_px: int,
    web_line_height_percent: int,
    color_scheme: int,
    enable_drafts_synchronization: bool,
    display_emoji_reaction_users: bool,
    web_home_view: homeViewSchema.optional(),
    web_escape_navigates_to_home_view: bool,
    left_side_userlist: bool,
    emojiset: str,
    demote_inactive_streams: int,
    user_list_style: int,
    web_animate_image_previews: str,
    web_stream_unreads_count_display_policy: int,
    hide_ai_features: bool,
    web_inbox_show_channel_folders: bool,
    enable_stream_desktop_notifications: bool,
    enable_stream_email_notifications: bool,
    enable_stream_push_notifications: bool,
    enable_stream_audible_notifications: bool,
    notification_sound: str,
    enable_desktop_notifications: bool,
    enable_sounds: bool,
    enable_followed_topic_desktop_notifications: bool,
    enable_followed_topic_email_notifications: bool,
    enable_followed_topic_push_notifications: bool,
    enable_followed_topic_audible_notifications: bool,
    email_notifications_batching_period_seconds: int,
    enable_offline_email_notifications: bool,
    enable_offline_push_notifications: bool,
    enable_online_push_notifications: bool,
    enable_digest_emails: bool,
    message_content_in_email_notifications: bool,
    pm_content_in_desktop_notifications: bool,
    wildcard_mentions_notify: bool,
    enable_followed_topic_wildcard_mentions_notify: bool,
    desktop_icon_count_display: int,
    realm_name_in_email_notifications_policy: int,
    automatically_follow_topics_policy: int,
    automatically_unmute_topics_in_muted_streams_policy: int,
    automatically_follow_topics_where_mentioned: bool,
    resolved_topic_notice_auto_read_policy: str,
    presence_enabled: bool,
    enter_sends: bool,
    // null (FL 408): the time format of the user's locale.
    twenty_four_hour_time: z.boolean().nullable().optional(),
    send_private_typing_notifications: bool,
    send_stream_typing_notifications: bool,
    send_read_receipts: bool,
    email_address_visibility: int,
    web_navigate_to_sent_message: bool,
    web_mark_read_on_scroll_policy: int,
  }),
);
export type PersonalSettings = z.infer<typeof personalSettingsSchema>;

/** A user's own settings as POST /register returns them. */
export const userSettingsSchema = lazySchema(() =>
  personalSettingsSchema.extend({
    timezone: str,
    default_language: str,
    available_notification_sounds: z.array(z.string()).optional(),
  }),
);
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The parameters of PATCH /realm/user_settings_defaults (spec 4.1). */
export type UserSettingsDefaultsPatch = Partial<
  Omit<PersonalSettings, 'web_home_view' | 'twenty_four_hour_time'> & {
    web_home_view: 'recent' | 'inbox' | 'all_messages';
    // Read back as null (the locale's format) since FL 408, but not settable to null.
    twenty_four_hour_time: boolean;
  }
>;

/** PATCH /settings also takes the settings only a user has. */
export type OwnSettingsPatch = UserSettingsDefaultsPatch & {
  timezone?: string;
  default_language?: string;
};
