/**
 * The server's side of the personal settings of spec 4.1. Both the organization defaults
 * (PATCH /realm/user_settings_defaults) and a user's own settings (PATCH /settings) are
 * validated against SETTINGS, which lives in src/lib so the Core can read the built-in
 * defaults too.
 */
import type { SettingKind } from '../../lib/personal-settings.ts';
import type { SettingValue } from './types.ts';

export { SETTINGS, initialDefaults, type SettingKind } from '../../lib/personal-settings.ts';

/**
 * Before FL 89 a change to one of these was an `update_global_notifications` event; a change
 * to any other setting was `update_display_settings`.
 */
export const LEGACY_NOTIFICATION_SETTINGS: ReadonlySet<string> = new Set([
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'wildcard_mentions_notify',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_digest_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'presence_enabled',
]);

/** Settings a user has but the organization defaults do not (PATCH /settings only). */
export const PERSONAL_ONLY: Record<string, { kind: SettingKind; default: SettingValue }> = {
  timezone: { kind: { type: 'string', maxLength: 64 }, default: '' },
  default_language: { kind: { type: 'string', maxLength: 16 }, default: 'en' },
};

export const AVAILABLE_NOTIFICATION_SOUNDS = ['chime', 'ding', 'zulip', 'none'];

/** `recent` was called `recent_topics` before FL 454. */
export function homeViewForLevel(value: SettingValue, featureLevel: number): SettingValue {
  return featureLevel < 454 && value === 'recent' ? 'recent_topics' : value;
}
