/**
 * One valid success body per response schema, shaped as spec section 2 and docs/api-notes.md
 * describe them. The property tests mutate these; the decode tests start from them.
 */
import type { z } from 'zod';
import { fetchApiKeyResponse, jwtFetchApiKeyResponse } from '../../../src/api/schemas/auth.ts';
import { createVideoCallResponse } from '../../../src/api/schemas/calls.ts';
import {
  createChannelFolderResponse,
  getChannelFoldersResponse,
} from '../../../src/api/schemas/channel-folder.ts';
import { emptyResponse } from '../../../src/api/schemas/common.ts';
import { getEventsResponse } from '../../../src/api/schemas/event.ts';
import { addLinkifierResponse, getLinkifiersResponse } from '../../../src/api/schemas/linkifier.ts';
import {
  anyLevelGetMessagesResponse,
  getMessagesResponse,
  sendMessageResponse,
  updateFlagsResponse,
} from '../../../src/api/schemas/message.ts';
import {
  createProfileFieldResponse,
  getProfileFieldsResponse,
} from '../../../src/api/schemas/profile-field.ts';
import { registerResponse } from '../../../src/api/schemas/register.ts';
import {
  createSavedSnippetResponse,
  getSavedSnippetsResponse,
} from '../../../src/api/schemas/saved-snippet.ts';
import { serverSettingsResponse } from '../../../src/api/schemas/server-settings.ts';
import {
  getSubscriptionsResponse,
  subscribeResponse,
  unsubscribeResponse,
} from '../../../src/api/schemas/subscription.ts';
import {
  getUserGroupMembersResponse,
  getUserGroupsResponse,
  userGroupMembershipResponse,
} from '../../../src/api/schemas/user-group.ts';
import {
  createUserResponse,
  getOwnUserResponse,
  getUserResponse,
  getUsersResponse,
} from '../../../src/api/schemas/user.ts';

const ok = { result: 'success', msg: '' };

export const user = {
  user_id: 8,
  delivery_email: 'iago@perch.test',
  email: 'iago@perch.test',
  full_name: 'Iago',
  date_joined: '2026-01-01T00:00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: true,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  role: 200,
  timezone: 'Europe/Lisbon',
  avatar_url: 'https://perch.test/avatar/8.png',
  avatar_version: 1,
  profile_data: { '3': { value: 'he/him' } },
};

export const message = {
  id: 101,
  sender_id: 8,
  sender_email: 'iago@perch.test',
  sender_full_name: 'Iago',
  avatar_url: null,
  client: 'Perch',
  content: '<p>hello</p>',
  content_type: 'text/html',
  display_recipient: 'general',
  recipient_id: 20,
  type: 'stream',
  stream_id: 1,
  subject: 'greetings',
  topic_links: [],
  timestamp: 1767225600,
  is_me_message: false,
  reactions: [
    { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji', user_id: 9 },
  ],
  submessages: [],
  edit_history: [{ user_id: 8, timestamp: 1767225700, prev_content: 'helo' }],
  last_edit_timestamp: 1767225700,
  flags: ['read'],
};

const directMessage = {
  ...message,
  id: 102,
  type: 'private',
  display_recipient: [{ id: 8, email: 'iago@perch.test', full_name: 'Iago' }],
  subject: '',
  stream_id: undefined,
};

export const subscription = {
  stream_id: 1,
  name: 'general',
  description: 'Everyone',
  rendered_description: '<p>Everyone</p>',
  date_created: 1767225600,
  creator_id: null,
  invite_only: false,
  subscribers: [8, 9],
  desktop_notifications: null,
  email_notifications: false,
  push_notifications: null,
  audible_notifications: true,
  wildcard_mentions_notify: null,
  pin_to_top: false,
  is_muted: false,
  color: '#76ce90',
  folder_id: 2,
};

const folder = { channel_folder_id: 2, name: 'Work', description: '', is_archived: false };
const group = { id: 5, name: 'support', description: '', members: [8], direct_subgroup_ids: [6] };
const snippet = { saved_snippet_id: 4, title: 'Hi', content: 'Hello **there**' };
const linkifier = {
  id: 3,
  pattern: '#(?P<id>[0-9]+)',
  url_template: 'https://tracker.test/{id}',
  reverse_template: null,
  alternative_url_templates: [],
};
const profileField = {
  id: 3,
  name: 'Pronouns',
  hint: '',
  field_type: 8,
  field_data: {},
  display_in_profile_summary: true,
  required: false,
  editable_by_user: true,
};

/**
 * The same resources as the widely deployed server shapes them (its OpenAPI documents):
 * keys `id` and `type` for the spec's names, flags and bot fields left out, older names.
 */
const upstreamUser = { ...user, bot_type: undefined, delivery_email: null };
const upstreamFolder = { id: 2, name: 'Work', description: '', order: 0, is_archived: false };
const upstreamSnippet = { id: 4, title: 'Hi', content: 'Hello', date_created: 1767225600 };
const upstreamProfileField = {
  id: 3,
  name: 'Pronouns',
  hint: '',
  type: 8,
  order: 1,
  field_data: '',
};
const olderMessage = {
  ...message,
  topic_links: ['https://tracker.test/1'],
  edit_history: [{ user_id: 8, timestamp: 1767225700, prev_subject: 'greeting' }],
};

export interface Sample {
  endpoint: string;
  schema: z.ZodType;
  body: Record<string, unknown>;
}

export const samples: Sample[] = [
  {
    endpoint: 'GET /server_settings',
    schema: serverSettingsResponse,
    body: {
      ...ok,
      authentication_methods: { password: true, dev: false },
      external_authentication_methods: [
        {
          name: 'saml',
          display_name: 'SSO',
          display_icon: null,
          login_url: '/l',
          signup_url: '/s',
        },
      ],
      service_feature_level: 496,
      service_version: '11.0',
      service_merge_base: '',
      push_notifications_enabled: true,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_url: 'https://perch.test',
      realm_name: 'Perch Test',
      realm_icon: '/icon.png',
      realm_description: '<p>Test</p>',
      realm_web_public_access_enabled: false,
    },
  },
  {
    endpoint: 'POST /fetch_api_key',
    schema: fetchApiKeyResponse,
    body: { ...ok, api_key: 'k', email: 'a@perch.test', user_id: 8 },
  },
  {
    endpoint: 'POST /jwt/fetch_api_key',
    schema: jwtFetchApiKeyResponse,
    body: {
      ...ok,
      api_key: 'k',
      email: 'a@perch.test',
      user: { ...user, profile_data: undefined },
    },
  },
  {
    endpoint: 'GET /messages',
    schema: getMessagesResponse,
    body: {
      ...ok,
      anchor: 101,
      found_newest: true,
      found_oldest: false,
      found_anchor: true,
      history_limited: false,
      messages: [message, directMessage],
    },
  },
  { endpoint: 'POST /messages', schema: sendMessageResponse, body: { ...ok, id: 103 } },
  {
    endpoint: 'POST /messages/flags',
    schema: updateFlagsResponse,
    body: { ...ok, messages: [101] },
  },
  { endpoint: 'GET /users', schema: getUsersResponse, body: { ...ok, members: [user] } },
  { endpoint: 'GET /users/me', schema: getOwnUserResponse, body: { ...ok, ...user } },
  { endpoint: 'GET /users/{user_id}', schema: getUserResponse, body: { ...ok, user } },
  { endpoint: 'POST /users', schema: createUserResponse, body: { ...ok, user_id: 30 } },
  {
    endpoint: 'GET /users/me/subscriptions',
    schema: getSubscriptionsResponse,
    body: { ...ok, subscriptions: [subscription] },
  },
  {
    endpoint: 'POST /users/me/subscriptions',
    schema: subscribeResponse,
    body: { ...ok, subscribed: { '8': ['general'] }, already_subscribed: {} },
  },
  {
    endpoint: 'DELETE /users/me/subscriptions',
    schema: unsubscribeResponse,
    body: { ...ok, removed: ['general'], not_removed: [] },
  },
  {
    endpoint: 'GET /user_groups',
    schema: getUserGroupsResponse,
    body: { ...ok, user_groups: [group] },
  },
  {
    endpoint: 'GET /user_groups/{user_group_id}/members',
    schema: getUserGroupMembersResponse,
    body: { ...ok, members: [8, 9] },
  },
  {
    endpoint: 'GET /user_groups/{user_group_id}/members/{user_id}',
    schema: userGroupMembershipResponse,
    body: { ...ok, is_user_group_member: true },
  },
  {
    endpoint: 'GET /channel_folders',
    schema: getChannelFoldersResponse,
    body: { ...ok, channel_folders: [folder] },
  },
  {
    endpoint: 'POST /channel_folders/create',
    schema: createChannelFolderResponse,
    body: { ...ok, channel_folder_id: 2 },
  },
  {
    endpoint: 'GET /saved_snippets',
    schema: getSavedSnippetsResponse,
    body: { ...ok, saved_snippets: [snippet] },
  },
  {
    endpoint: 'POST /saved_snippets',
    schema: createSavedSnippetResponse,
    body: { ...ok, saved_snippet_id: 4 },
  },
  {
    endpoint: 'GET /realm/linkifiers',
    schema: getLinkifiersResponse,
    body: { ...ok, linkifiers: [linkifier] },
  },
  { endpoint: 'POST /realm/filters', schema: addLinkifierResponse, body: { ...ok, id: 3 } },
  {
    endpoint: 'GET /realm/profile_fields',
    schema: getProfileFieldsResponse,
    body: { ...ok, custom_fields: [profileField] },
  },
  {
    endpoint: 'POST /realm/profile_fields',
    schema: createProfileFieldResponse,
    body: { ...ok, id: 3 },
  },
  {
    endpoint: 'POST /calls/videoprovider/create',
    schema: createVideoCallResponse,
    body: { ...ok, url: 'https://video.test/r/1' },
  },
  { endpoint: 'POST /invites', schema: emptyResponse, body: { ...ok } },
  {
    endpoint: 'POST /register',
    schema: registerResponse,
    body: {
      ...ok,
      queue_id: 'q-1',
      last_event_id: -1,
      service_feature_level: 496,
      event_queue_longpoll_timeout_seconds: 90,
      user_id: 8,
      email: 'iago@perch.test',
      full_name: 'Iago',
      role: 200,
      is_admin: true,
      is_owner: false,
      is_guest: false,
      can_create_users: false,
      realm_name: 'Perch Test',
      user_settings: { web_home_view: 'recent', enable_sounds: true, timezone: '' },
      realm_user_settings_defaults: { web_home_view: 'inbox' },
      subscriptions: [subscription],
      unread_msgs: {
        count: 1,
        pms: [],
        streams: [{ stream_id: 1, topic: 'greetings', unread_message_ids: [101] }],
        huddles: [],
        mentions: [],
        old_unreads_missing: false,
      },
      user_topics: [
        { stream_id: 1, topic_name: 'greetings', last_updated: 1767225600, visibility_policy: 3 },
      ],
      realm_users: [user],
      realm_user_groups: [group],
      alert_words: ['perch'],
      channel_folders: [folder],
      saved_snippets: [snippet],
      realm_linkifiers: [linkifier],
      custom_profile_fields: [profileField],
      streams: [{ stream_id: 1, name: 'general' }],
      max_channel_folder_name_length: 60,
      server_min_deactivated_realm_deletion_days: null,
      server_max_deactivated_realm_deletion_days: 30,
      has_videoprovider_token: false,
      realm_empty_topic_display_name: 'general chat',
      max_message_id: 102,
    },
  },
  {
    endpoint: 'POST /register',
    schema: registerResponse,
    body: {
      ...ok,
      queue_id: 'q-2',
      last_event_id: -1,
      realm_uri: 'https://perch.test',
      realm_icon_url: 'https://perch.test/icon.png',
      user_settings: { twenty_four_hour_time: null },
      realm_user_settings_defaults: { twenty_four_hour_time: null },
      subscriptions: [{ ...subscription, creator_id: undefined, date_created: undefined }],
      unread_msgs: {
        count: 1,
        pms: [{ sender_id: 9, unread_message_ids: [102] }],
        streams: [],
        huddles: [],
        mentions: [],
      },
      realm_users: [upstreamUser],
      channel_folders: [upstreamFolder],
      saved_snippets: [upstreamSnippet],
      custom_profile_fields: [upstreamProfileField],
    },
  },
  {
    endpoint: 'GET /messages',
    schema: anyLevelGetMessagesResponse,
    body: { ...ok, anchor: 101, found_newest: true, messages: [olderMessage] },
  },
  {
    endpoint: 'GET /events',
    schema: getEventsResponse,
    body: {
      ...ok,
      queue_id: 'q-2',
      events: [
        { id: 0, type: 'message', message: { ...olderMessage, flags: undefined }, flags: [] },
        { id: 1, type: 'update_message_flags', operation: 'remove', flag: 'read', messages: [1] },
        {
          id: 2,
          type: 'update_message',
          message_id: 101,
          message_ids: [101],
          flags: [],
          rendered_content: '<p>x</p>',
        },
        {
          id: 3,
          type: 'user_settings',
          op: 'update',
          property: 'twenty_four_hour_time',
          value: null,
        },
        { id: 4, type: 'channel_folder', op: 'add', channel_folder: upstreamFolder },
        { id: 5, type: 'saved_snippets', op: 'add', saved_snippet: upstreamSnippet },
      ],
    },
  },
  {
    // What every account's poll brings for each arriving message: kept as parsed.
    endpoint: 'GET /events',
    schema: getEventsResponse,
    body: {
      ...ok,
      queue_id: 'q-today',
      events: [
        {
          id: 0,
          type: 'message',
          message: {
            ...message,
            flags: undefined,
            edit_history: undefined,
            last_edit_timestamp: undefined,
          },
          flags: [],
        },
        {
          id: 1,
          type: 'update_message_flags',
          op: 'add',
          flag: 'read',
          messages: [101],
          all: false,
        },
        { id: 2, type: 'heartbeat' },
      ],
    },
  },
  {
    endpoint: 'GET /events',
    schema: getEventsResponse,
    body: {
      ...ok,
      queue_id: 'q-1',
      events: [
        { id: 0, type: 'message', message: { ...message, flags: undefined }, flags: [] },
        {
          id: 1,
          type: 'reaction',
          op: 'add',
          message_id: 101,
          emoji_name: 'smile',
          emoji_code: '1f642',
          reaction_type: 'unicode_emoji',
          user_id: 9,
        },
        {
          id: 2,
          type: 'update_message_flags',
          op: 'add',
          flag: 'read',
          messages: [101],
          all: false,
        },
        { id: 3, type: 'subscription', op: 'add', subscriptions: [subscription] },
        { id: 4, type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
        {
          id: 5,
          type: 'delete_message',
          message_type: 'stream',
          message_ids: [101],
          stream_id: 1,
          topic: 'greetings',
        },
        { id: 6, type: 'typing', op: 'start' },
        { id: 7, type: 'heartbeat' },
        {
          id: 8,
          type: 'update_message',
          user_id: 8,
          rendering_only: false,
          message_id: 101,
          message_ids: [101],
          flags: ['read'],
          edit_timestamp: 1767225800,
          stream_id: 1,
          orig_content: 'hello',
          content: 'hello again',
          rendered_content: '<p>hello again</p>',
        },
        {
          id: 9,
          type: 'user_topic',
          stream_id: 1,
          topic_name: 'greetings',
          last_updated: 1767225600,
          visibility_policy: 1,
        },
        {
          id: 10,
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: 'color_scheme',
          value: 2,
        },
        {
          id: 11,
          type: 'realm_user',
          op: 'update',
          person: { user_id: 8, timezone: 'Asia/Tokyo' },
        },
        { id: 12, type: 'channel_folder', op: 'add', channel_folder: folder },
        {
          id: 13,
          type: 'channel_folder',
          op: 'update',
          channel_folder_id: 2,
          data: { name: 'Ops' },
        },
        { id: 14, type: 'saved_snippets', op: 'add', saved_snippet: snippet },
        { id: 15, type: 'saved_snippets', op: 'remove', saved_snippet_id: 4 },
        { id: 16, type: 'alert_words', alert_words: ['perch', 'tray'] },
        { id: 17, type: 'has_videoprovider_token', value: true },
        { id: 18, type: 'subscription', op: 'peer_add', stream_ids: [1], user_ids: [9] },
        {
          id: 19,
          type: 'update_message_flags',
          op: 'remove',
          flag: 'read',
          messages: [101],
          all: false,
          message_details: { '101': { type: 'stream', stream_id: 1, topic: 'greetings' } },
        },
      ],
    },
  },
];
