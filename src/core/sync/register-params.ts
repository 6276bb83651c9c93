/**
 * What Perch asks POST /register for: the event types AccountState applies and the client
 * capabilities of API-NOTES.md, so events arrive in the shapes AccountState expects.
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
] as const;

/** Initial state fetched beside the events: `realm` brings the organization's name. */
const FETCH_EVENT_TYPES = [...PERCH_EVENT_TYPES, 'realm', 'user_group'] as const;

export const PERCH_REGISTER_PARAMS: RegisterParams = {
  event_types: PERCH_EVENT_TYPES,
  fetch_event_types: FETCH_EVENT_TYPES,
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
  },
};
