/**
 * AccountState from servers older than FL 134 (muted topics as `muted_topics`, by channel
 * name) and FL 89 (settings as top-level register keys, changed by update_display_settings
 * and update_global_notifications). Bodies are hand-written in the shapes of the upstream API
 * documentation (its OpenAPI document and API changelog at FL 247), and go through the same
 * schemas and conversion as a real POST /register and GET /events.
 */
import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../../../src/api/decode.ts';
import { MalformedResponseError } from '../../../../src/api/errors.ts';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { decideNotification } from '../../../../src/core/notify/policy.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { toAccountRegister } from '../../../../src/core/model/register-state.ts';
import type { Message } from '../../../../src/core/model/state-types.ts';
import { subscription } from '../../api/samples.ts';
import { ALICE, ME } from '../notify/fixtures.ts';

const ok = { result: 'success', msg: '' };
const DESIGN = 5;
const RANDOM = 6;
const ELSEWHERE = 8;

/** A subscription as an FL 80 server sends it: none of the later fields, inherit everywhere. */
function upstreamSubscription(stream_id: number, name: string): Record<string, unknown> {
  const sub: Record<string, unknown> = {
    ...subscription,
    stream_id,
    name,
    email_notifications: null,
    audible_notifications: null,
    in_home_view: true,
  };
  for (const later of ['date_created', 'creator_id', 'folder_id', 'subscribers']) delete sub[later];
  return sub;
}

/**
 * Personal settings as an FL 80 server lists them at the top level (update_display_settings
 * and update_global_notifications state); the followed-topic settings do not exist yet.
 */
const topLevelSettings = {
  twenty_four_hour_time: false,
  default_language: 'en',
  timezone: 'Europe/Berlin',
  emojiset: 'google',
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'ding',
  enable_desktop_notifications: false,
  enable_sounds: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_digest_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: false,
  wildcard_mentions_notify: true,
  desktop_icon_count_display: 3,
  presence_enabled: true,
  available_notification_sounds: ['chime', 'ding', 'zulip'],
};

/** An FL 80 POST /register answer to Perch's request: no user_settings, no user_topics. */
function oldRegisterBody(overrides: object = {}): Record<string, unknown> {
  return {
    ...ok,
    queue_id: '1517975029:0',
    last_event_id: -1,
    service_feature_level: 80,
    service_version: '4.0',
    user_id: ME,
    realm_name: 'Acme',
    realm_uri: 'https://acme.chat.test',
    ...topLevelSettings,
    subscriptions: [upstreamSubscription(DESIGN, 'design'), upstreamSubscription(RANDOM, 'random')],
    streams: [
      { stream_id: DESIGN, name: 'design', description: '', invite_only: false },
      { stream_id: RANDOM, name: 'random', description: '', invite_only: false },
      { stream_id: ELSEWHERE, name: 'elsewhere', description: '', invite_only: false },
    ],
    unread_msgs: {
      count: 3,
      pms: [],
      huddles: [],
      streams: [
        { stream_id: DESIGN, topic: 'noise', unread_message_ids: [201] },
        { stream_id: DESIGN, topic: 'logo', unread_message_ids: [202] },
        { stream_id: RANDOM, topic: 'chat', unread_message_ids: [301] },
      ],
      mentions: [],
      old_unreads_missing: false,
    },
    muted_topics: [
      ['design', 'Noise', 1594825442],
      ['elsewhere', 'spoilers', 1594825443],
      // A channel the user no longer sees: nothing to key the topic by.
      ['gone', 'whatever', 1594825444],
      // Before FL 1 the tuple had no date.
      ['random', 'chat'],
    ],
    ...overrides,
  };
}

function decodeRegister(body: object) {
  return decodeResponse('POST /register', 200, JSON.stringify(body), registerResponse).data;
}

function oldState(overrides: object = {}): AccountState {
  return new AccountState(toAccountRegister(decodeRegister(oldRegisterBody(overrides))));
}

function applyUpstream(state: AccountState, events: object[]): void {
  const body = { ...ok, queue_id: 'q', events };
  const { data } = decodeResponse('GET /events', 200, JSON.stringify(body), getEventsResponse);
  for (const event of data.events) state.apply(event);
}

let nextId = 500;
function channelMessage(stream_id: number, topic: string): Message {
  return {
    id: nextId++,
    sender_id: ALICE,
    sender_full_name: 'Alice',
    type: 'stream',
    stream_id,
    subject: topic,
    display_recipient: 'design',
    content: '<p>hi</p>',
    timestamp: 1594825500,
  } as Message;
}

function directMessage(): Message {
  return {
    id: nextId++,
    sender_id: ALICE,
    sender_full_name: 'Alice',
    type: 'private',
    subject: '',
    display_recipient: [] as Message['display_recipient'],
    content: '<p>hi</p>',
    timestamp: 1594825500,
  } as Message;
}

const decide = (state: AccountState, message: Message, flags: string[] = []) =>
  decideNotification(state.policyInput(message, flags, false));

describe('AccountState from a server before FL 134 (muted_topics)', () => {
  it('reads muted_topics as muted topics of the channels they name', () => {
    const state = oldState();
    const input = state.policyInput(channelMessage(DESIGN, 'noise'), [], false);
    expect(input.topicPolicy).toBe(1);
    expect(state.topicPolicy(ELSEWHERE, 'Spoilers')).toBe(1);
    // The pre-FL 1 pair is muted too.
    expect(state.topicPolicy(RANDOM, 'chat')).toBe(1);
    expect(state.topicPolicy(DESIGN, 'logo')).toBe(0);
  });

  it('lets the gate stop a message in a muted topic, and keeps it out of the unread counts', () => {
    const state = oldState();
    expect(decide(state, channelMessage(DESIGN, 'noise')).rules.desktop).toBe('A5');
    // A personal mention still gets through a muted topic (rule A3), to a sound here.
    expect(decide(state, channelMessage(DESIGN, 'noise'), ['mentioned']).rules).toEqual({
      desktop: 'B3',
      sound: 'C6',
    });
    expect(state.unreadIds('channelUnread')).toEqual([202]);
  });

  it('skips a muted topic whose channel name it does not know, without failing', () => {
    const state = oldState();
    const policies = [DESIGN, RANDOM, ELSEWHERE].map((id) => state.topicPolicy(id, 'whatever'));
    expect(policies).toEqual([0, 0, 0]);
  });

  it('applies a muted_topics event as the new full list', () => {
    const state = oldState();
    applyUpstream(state, [
      {
        id: 0,
        type: 'muted_topics',
        muted_topics: [
          ['design', 'logo', 1594825500],
          ['random', 'chat', 1594825442],
        ],
      },
    ]);
    expect(state.topicPolicy(DESIGN, 'noise')).toBe(0);
    expect(state.topicPolicy(ELSEWHERE, 'spoilers')).toBe(0);
    expect(state.topicPolicy(DESIGN, 'logo')).toBe(1);
    expect(state.topicPolicy(RANDOM, 'chat')).toBe(1);
    expect(state.unreadIds('channelUnread')).toEqual([201]);
    expect(decide(state, channelMessage(DESIGN, 'logo')).rules.desktop).toBe('A5');
  });

  it('prefers user_topics when a server sends both', () => {
    const state = oldState({
      user_topics: [
        { stream_id: DESIGN, topic_name: 'logo', last_updated: 1, visibility_policy: 3 },
      ],
    });
    expect(state.topicPolicy(DESIGN, 'logo')).toBe(3);
    expect(state.topicPolicy(DESIGN, 'noise')).toBe(0);
  });
});

describe('AccountState from a server before FL 89 (top-level settings)', () => {
  it('reads the settings from the top-level keys', () => {
    const state = oldState();
    expect(state.settings).toMatchObject({
      enable_desktop_notifications: false,
      enable_sounds: true,
      notification_sound: 'ding',
      pm_content_in_desktop_notifications: false,
      desktop_icon_count_display: 3,
      timezone: 'Europe/Berlin',
    });
  });

  it('fills the settings the server predates with the baseline defaults', () => {
    expect(oldState().settings).toMatchObject({
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_audible_notifications: true,
      enable_followed_topic_wildcard_mentions_notify: true,
    });
  });

  it('decides by those settings', () => {
    const state = oldState();
    // enable_desktop_notifications false: no desktop; enable_sounds true: a sound.
    expect(decide(state, directMessage())).toMatchObject({
      desktop: false,
      sound: true,
      rules: { desktop: 'B3', sound: 'C5' },
    });
  });

  it('follows update_global_notifications and update_display_settings', () => {
    const state = oldState();
    applyUpstream(state, [
      {
        id: 0,
        type: 'update_global_notifications',
        user: 'me@acme.test',
        notification_name: 'enable_desktop_notifications',
        setting: true,
      },
      {
        id: 1,
        type: 'update_global_notifications',
        user: 'me@acme.test',
        notification_name: 'notification_sound',
        setting: 'none',
      },
      {
        id: 2,
        type: 'update_display_settings',
        user: 'me@acme.test',
        setting_name: 'default_language',
        setting: 'de',
        language_name: 'Deutsch',
      },
    ]);
    expect(decide(state, directMessage())).toMatchObject({
      desktop: true,
      sound: false,
      rules: { desktop: 'B4', sound: 'C1' },
    });
    expect(state.settings.default_language).toBe('de');
  });
});

describe('a register Perch cannot build a state from', () => {
  const settingNames = Object.keys(topLevelSettings);
  const withoutKeys = (names: string[]) => {
    const body = oldRegisterBody();
    for (const name of names) delete body[name];
    return decodeRegister(body);
  };

  it('fails clearly when neither topic form nor any settings are there', () => {
    const data = withoutKeys(['muted_topics', ...settingNames]);
    expect(() => toAccountRegister(data)).toThrow(MalformedResponseError);
    expect(() => toAccountRegister(data)).toThrow(
      /left out user_settings, user_topics or muted_topics/,
    );
  });

  it('fails when only the topic policies are missing, or only the settings', () => {
    expect(() => toAccountRegister(withoutKeys(['muted_topics']))).toThrow(
      expect.objectContaining({ path: 'user_topics' }),
    );
    expect(() => toAccountRegister(withoutKeys(settingNames))).toThrow(
      expect.objectContaining({ path: 'user_settings' }),
    );
  });
});
