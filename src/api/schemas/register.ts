/**
 * POST /register response: queue identity and the initial state docs/api-notes.md "POST
 * /register response" lists.
 */
import { z } from 'zod';
import { integer, renamedFrom, stringList } from './common.ts';
import { channelFolderSchema } from './channel-folder.ts';
import { linkifierSchema } from './linkifier.ts';
import { presencesMap, userStatus } from './presence.ts';
import { customProfileFieldSchema } from './profile-field.ts';
import { savedSnippetSchema } from './saved-snippet.ts';
import { personalSettingsSchema, userSettingsSchema } from './settings.ts';
import { channelSchema, subscriptionSchema } from './subscription.ts';
import { userGroupSchema } from './user-group.ts';
import { userSchema } from './user.ts';
import { unreadDirectSchema, unreadMsgsSchema } from '../../lib/wire/unread-msgs.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** The shared shape, reading `sender_id` as `other_user_id`, its name before FL 119. */
export const unreadMessagesSchema = lazySchema(() =>
  unreadMsgsSchema.extend({
    pms: z.array(z.preprocess(renamedFrom('sender_id', 'other_user_id'), unreadDirectSchema)),
  }),
);
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** 0 inherit, 1 muted, 2 unmuted, 3 followed. */
export const userTopicSchema = lazySchema(() =>
  z.looseObject({
    stream_id: integer,
    topic_name: z.string(),
    last_updated: integer,
    visibility_policy: integer,
  }),
);
export type UserTopic = z.infer<typeof userTopicSchema>;

/**
 * How servers before FL 134 list a muted topic: `[stream_name, topic, date_muted]`. Channels
 * are named, not numbered, and before FL 1 the date was left out.
 */
export const mutedTopicSchema = lazySchema(() => z.tuple([z.string(), z.string()], integer));
export type MutedTopic = z.infer<typeof mutedTopicSchema>;

/**
 * `realm_url` was `realm_uri` before FL 257; the widely deployed server sends the icon as
 * `realm_icon_url`. Callers always see the spec's `realm_url` and `realm_icon`.
 */
function currentRealmNames(value: unknown): unknown {
  return renamedFrom('realm_icon_url', 'realm_icon')(renamedFrom('realm_uri', 'realm_url')(value));
}

/** Read when an old server's answer is first gathered, not when this module loads. */
let settingNames: string[] | undefined;

/**
 * Before FL 89 there is no `user_settings`: every personal setting is a top-level key under
 * the same name. Gathered into `user_settings` so callers read one place at every level.
 */
function settingsObject(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'user_settings' in value) return value;
  const top = value as Record<string, unknown>;
  const present = (settingNames ??= Object.keys(userSettingsSchema.shape)).filter(
    (name) => top[name] !== undefined,
  );
  if (present.length === 0) return value;
  return { ...top, user_settings: Object.fromEntries(present.map((name) => [name, top[name]])) };
}

const registerFields = lazySchema(() =>
  z.looseObject({
    queue_id: z.string().nullable(),
    last_event_id: integer,
    service_feature_level: integer.optional(),
    service_version: z.string().optional(),
    service_merge_base: z.string().optional(),
    event_queue_longpoll_timeout_seconds: integer.optional(),
    // Initial state: each part is present only when its event type was fetched.
    user_id: integer.optional(),
    email: z.string().optional(),
    full_name: z.string().optional(),
    role: integer.optional(),
    is_admin: z.boolean().optional(),
    is_owner: z.boolean().optional(),
    is_guest: z.boolean().optional(),
    can_create_users: z.boolean().optional(),
    realm_name: z.string().optional(),
    realm_url: z.string().optional(),
    realm_icon: z.string().optional(),
    max_file_upload_size_mib: integer.optional(),
    user_settings: userSettingsSchema.optional(),
    realm_user_settings_defaults: personalSettingsSchema.optional(),
    subscriptions: z.array(subscriptionSchema).optional(),
    unread_msgs: unreadMessagesSchema.optional(),
    user_topics: z.array(userTopicSchema).optional(),
    // Instead of user_topics before FL 134.
    muted_topics: z.array(mutedTopicSchema).optional(),
    realm_users: z.array(userSchema).optional(),
    realm_user_groups: z.array(userGroupSchema).optional(),
    alert_words: stringList.optional(),
    channel_folders: z.array(channelFolderSchema).optional(),
    saved_snippets: z.array(savedSnippetSchema).optional(),
    realm_linkifiers: z.array(linkifierSchema).optional(),
    custom_profile_fields: z.array(customProfileFieldSchema).optional(),
    streams: z.array(channelSchema).optional(),
    max_channel_folder_name_length: integer.optional(),
    max_channel_folder_description_length: integer.optional(),
    server_min_deactivated_realm_deletion_days: integer.nullable().optional(),
    server_max_deactivated_realm_deletion_days: integer.nullable().optional(),
    has_videoprovider_token: z.boolean().optional(),
    realm_empty_topic_display_name: z.string().optional(),
    max_message_id: integer.optional(),
    // Presence (fetch_event_types `presence`): modern keyed by id with slim_presence.
    presences: presencesMap.optional(),
    presence_last_update_id: integer.optional(),
    server_timestamp: z.number().optional(),
    server_presence_ping_interval_seconds: integer.optional(),
    server_presence_offline_threshold_seconds: integer.optional(),
    realm_presence_disabled: z.boolean().optional(),
    user_status: z.record(z.string(), userStatus).optional(),
  }),
);
export const registerResponse = lazySchema(() =>
  z.preprocess((value) => settingsObject(currentRealmNames(value)), registerFields),
);
export type RegisterResponse = z.infer<typeof registerResponse>;
