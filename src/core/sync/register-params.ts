/**
 * What Perch asks POST /register for: the event types AccountState applies and the client
 * capabilities of docs/api-notes.md ("POST /register request"), so events arrive in the shapes AccountState expects.
 */
import type { RegisterParams } from '../../api/routes/events.ts';

export const PERCH_EVENT_TYPES = [
  'message',
  'update_message',
  'delete_message',
  'reaction',
  'subscription',
  'stream',
  'update_message_flags',
  'user_topic',
  'user_settings',
  'realm_user_settings_defaults',
  'realm_user',
  'channel_folder',
  'saved_snippets',
  'alert_words',
  'has_videoprovider_token',
  // Who is online and people's statuses.
  'presence',
  'user_status',
  // Only for the admin panels, which reload when another session changes these lists.
  'custom_profile_fields',
  'realm_linkifiers',
  // The picker's custom emoji; the renderer fetches them again when they change.
  'realm_emoji',
  // The organization's message edit rules (src/core/model/edit-rules.ts) follow its changes.
  'realm',
] as const;

/**
 * Events only the admin panels follow (src/core/admin/admin-events.ts), whose state Perch
 * does not fetch: user groups' state is fetched below under `user_group` already, and
 * invitations and bots have none worth keeping.
 */
export const ADMIN_EVENT_TYPES = ['user_group', 'invites_changed', 'realm_bot'] as const;

/**
 * Older servers' names for the same state and events: `muted_topics` before FL 134, the
 * top-level settings and their events before FL 89. The upstream server takes any name in
 * both lists, and leaves out the old state and events when the newer type is asked for
 * (`user_topic`) or the `user_settings_object` capability is declared, so a current server
 * never sends two copies and these cost nothing there.
 */
export const LEGACY_EVENT_TYPES = [
  'muted_topics',
  'update_display_settings',
  'update_global_notifications',
] as const;

/**
 * The widely deployed server keys some initial-state sections by names other than Perch's
 * event types: user groups by `realm_user_groups`, channel folders by `channel_folders`,
 * the video provider token by `video_calls`. Both names are asked for; a server ignores
 * the ones it does not know.
 */
const UPSTREAM_FETCH_NAMES: Readonly<Record<string, string>> = {
  user_group: 'realm_user_groups',
  channel_folder: 'channel_folders',
  has_videoprovider_token: 'video_calls',
};

/** `fetch_event_types` for these sections, under both names where the two differ. */
export function fetchEventTypes(types: readonly string[]): string[] {
  return types.flatMap((t) => [t, ...(UPSTREAM_FETCH_NAMES[t] ? [UPSTREAM_FETCH_NAMES[t]] : [])]);
}

export const PERCH_REGISTER_PARAMS: RegisterParams = {
  // `typing` and `submessage` (widgets' votes and tasks) have events but no state to fetch,
  // so they stay out of fetch_event_types; `scheduled_messages` only says when to list
  // them again (src/core/compose/scheduled.ts).
  event_types: [
    ...PERCH_EVENT_TYPES,
    ...LEGACY_EVENT_TYPES,
    ...ADMIN_EVENT_TYPES,
    'typing',
    'submessage',
    'scheduled_messages',
  ],
  // `realm` brings the organization's name.
  fetch_event_types: fetchEventTypes([...PERCH_EVENT_TYPES, ...LEGACY_EVENT_TYPES, 'user_group']),
  apply_markdown: true,
  client_gravatar: true,
  include_subscribers: false,
  slim_presence: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: true,
    user_settings_object: true,
    empty_topic_name: true,
    stream_typing_notifications: true,
    // `presence` events in the modern format (FL 419), like register's with slim_presence.
    simplified_presence_events: true,
  },
};
