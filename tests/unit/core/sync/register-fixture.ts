import type { Message, AccountRegister } from '../../../../src/core/model/state-types.ts';
import { ALICE, BOB, ME, defaultSettings, subscription } from '../notify/fixtures.ts';

export const DESIGN = 5;
export const RANDOM = 6;
export const OLD = 7;
export const UNSUBSCRIBED = 8;

/**
 * One account: #design (unmuted) with a followed topic "Lunch" and a muted topic "noise",
 * #random (muted) with an unmuted topic "Important", and a handful of unread messages.
 */
export function registerResponse(overrides: Partial<AccountRegister> = {}): AccountRegister {
  return {
    queue_id: 'q1',
    last_event_id: -1,
    user_id: ME,
    realm_name: 'Acme',
    user_settings: defaultSettings(),
    realm_user_settings_defaults: { enable_sounds: true },
    subscriptions: [
      subscription(DESIGN, 'design', { subscribers: [ME, ALICE] }),
      subscription(RANDOM, 'random', { is_muted: true }),
      subscription(OLD, 'old'),
    ],
    streams: [
      { stream_id: DESIGN, name: 'design' },
      { stream_id: RANDOM, name: 'random' },
      { stream_id: OLD, name: 'old' },
      { stream_id: UNSUBSCRIBED, name: 'elsewhere' },
    ],
    unread_msgs: {
      count: 9,
      pms: [{ other_user_id: ALICE, unread_message_ids: [100] }],
      huddles: [{ user_ids_string: `${ME},${ALICE},${BOB}`, unread_message_ids: [101] }],
      streams: [
        { stream_id: DESIGN, topic: 'logo', unread_message_ids: [200, 201] },
        { stream_id: DESIGN, topic: 'lunch', unread_message_ids: [202] },
        { stream_id: DESIGN, topic: 'noise', unread_message_ids: [203] },
        { stream_id: RANDOM, topic: 'chat', unread_message_ids: [300] },
        { stream_id: RANDOM, topic: 'important', unread_message_ids: [301] },
      ],
      mentions: [201, 300],
      old_unreads_missing: false,
    },
    user_topics: [
      { stream_id: DESIGN, topic_name: 'Lunch', last_updated: 1, visibility_policy: 3 },
      { stream_id: DESIGN, topic_name: 'noise', last_updated: 1, visibility_policy: 1 },
      { stream_id: RANDOM, topic_name: 'Important', last_updated: 1, visibility_policy: 2 },
    ],
    // Only the user fields the Core reads.
    realm_users: [
      { user_id: ME, full_name: 'Me', email: 'me@acme.test', is_active: true },
      { user_id: ALICE, full_name: 'Alice', email: 'alice@acme.test', is_active: true },
    ] as AccountRegister['realm_users'],
    realm_user_groups: [
      {
        id: 1,
        name: 'design-team',
        description: '',
        members: [ME, ALICE],
        direct_subgroup_ids: [],
      },
    ],
    alert_words: ['perch'],
    channel_folders: [{ channel_folder_id: 1, name: 'Work', description: '', is_archived: false }],
    saved_snippets: [{ saved_snippet_id: 1, title: 'hi', content: 'Hello!' }],
    has_videoprovider_token: false,
    ...overrides,
  };
}

let nextEventId = 1;

export function event<T extends object>(type: string, fields: T): T & { id: number; type: string } {
  return { id: nextEventId++, type, ...fields };
}

export function channelMessage(
  id: number,
  stream_id: number,
  topic: string,
  sender_id = ALICE,
): Message {
  return {
    id,
    sender_id,
    sender_full_name: 'Alice',
    type: 'stream',
    stream_id,
    subject: topic,
    display_recipient: 'design',
    content: '<p>hello</p>',
    timestamp: 1_700_000_000,
  } as Message;
}

export function directMessage(id: number, sender_id = ALICE): Message {
  return {
    id,
    sender_id,
    sender_full_name: 'Alice',
    type: 'private',
    subject: '',
    display_recipient: [
      { id: ME, email: 'me@acme.test', full_name: 'Me' },
      { id: ALICE, email: 'alice@acme.test', full_name: 'Alice' },
    ],
    content: '<p>hi</p>',
    timestamp: 1_700_000_000,
  } as Message;
}
