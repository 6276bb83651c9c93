import type { NotificationInput } from '../../../../src/core/notify/policy.ts';
import type { Subscription, AccountSettings } from '../../../../src/core/model/state-types.ts';

export const ME = 10;
export const ALICE = 11;
export const BOB = 12;
export const CAROL = 13;

/** The baseline of docs/notifications.md "Cases": every setting at its default. */
export function defaultSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    enable_desktop_notifications: true,
    enable_sounds: true,
    enable_stream_desktop_notifications: false,
    enable_stream_audible_notifications: false,
    enable_followed_topic_desktop_notifications: true,
    enable_followed_topic_audible_notifications: true,
    enable_followed_topic_wildcard_mentions_notify: true,
    wildcard_mentions_notify: true,
    pm_content_in_desktop_notifications: true,
    notification_sound: 'zulip',
    desktop_icon_count_display: 1,
    ...overrides,
  };
}

export function subscription(
  stream_id: number,
  name: string,
  overrides: Partial<Subscription> = {},
): Subscription {
  return {
    stream_id,
    name,
    is_muted: false,
    desktop_notifications: null,
    audible_notifications: null,
    wildcard_mentions_notify: null,
    ...overrides,
  } as Subscription;
}

export type InputOverrides = {
  message?: Partial<NotificationInput['message']>;
  settings?: Partial<AccountSettings>;
  subscription?: Partial<Subscription> | 'none';
  topicPolicy?: NotificationInput['topicPolicy'];
  alreadyDecided?: boolean;
};

/** A channel message from Alice in #design > logo, unread, subscribed, everything inherited. */
export function channelInput(o: InputOverrides = {}): NotificationInput {
  return {
    message: {
      id: 1,
      type: 'stream',
      stream_id: 5,
      topic: 'logo',
      sender_id: ALICE,
      flags: [],
      ...o.message,
    },
    me: { user_id: ME },
    settings: defaultSettings(o.settings),
    subscription: o.subscription === 'none' ? undefined : subscription(5, 'design', o.subscription),
    topicPolicy: o.topicPolicy ?? 0,
    alreadyDecided: o.alreadyDecided ?? false,
  };
}

/** A direct message from Alice to the user. */
export function dmInput(o: InputOverrides = {}): NotificationInput {
  return {
    message: { id: 2, type: 'private', sender_id: ALICE, flags: [], ...o.message },
    me: { user_id: ME },
    settings: defaultSettings(o.settings),
    subscription: undefined,
    topicPolicy: 0,
    alreadyDecided: o.alreadyDecided ?? false,
  };
}
