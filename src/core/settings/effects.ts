/**
 * What the user's global notification settings do, in words ("Direct messages: desktop and
 * sound"), worked out by the notification policy itself on one sample message of each kind,
 * so the Settings page can never describe a rule the policy does not follow.
 */
import {
  decideNotification,
  type NotificationInput,
  type PolicySubscription,
} from '../notify/policy.ts';
import type { AccountSettings, Subscription } from '../model/state-types.ts';

export type EffectKind = 'dm' | 'mention' | 'wildcard' | 'channel' | 'followed';

export interface NotificationEffect {
  kind: EffectKind;
  desktop: boolean;
  sound: boolean;
  /** "Direct messages: desktop and sound". */
  text: string;
}

const LABELS: Record<EffectKind, string> = {
  dm: 'Direct messages',
  mention: 'Mentions of you',
  wildcard: '@all mentions',
  channel: 'Other channel messages',
  followed: 'Followed topics',
};

const ME = 1;
const SOMEONE = 2;

/** A subscription that inherits every notification setting from the user's own. */
const INHERITING: PolicySubscription & Pick<Subscription, 'stream_id' | 'name'> = {
  stream_id: 1,
  name: 'sample',
  is_muted: false,
  desktop_notifications: null,
  audible_notifications: null,
  wildcard_mentions_notify: null,
};

function sample(kind: EffectKind, settings: AccountSettings): NotificationInput<typeof INHERITING> {
  const channel = kind !== 'dm';
  const flags =
    kind === 'mention' ? ['mentioned'] : kind === 'wildcard' ? ['stream_wildcard_mentioned'] : [];
  return {
    message: {
      id: 1,
      type: channel ? 'stream' : 'private',
      ...(channel ? { stream_id: 1, topic: 'sample' } : {}),
      sender_id: SOMEONE,
      flags,
    },
    me: { user_id: ME },
    settings,
    subscription: channel ? INHERITING : undefined,
    topicPolicy: kind === 'followed' ? 3 : 0,
    alreadyDecided: false,
  };
}

function words(desktop: boolean, sound: boolean): string {
  if (desktop && sound) return 'desktop and sound';
  if (desktop) return 'desktop, no sound';
  if (sound) return 'sound only';
  return 'nothing';
}

/** One line per kind of message, as the policy decides it with these settings. */
export function notificationEffects(settings: AccountSettings): NotificationEffect[] {
  return (Object.keys(LABELS) as EffectKind[]).map((kind) => {
    const { desktop, sound } = decideNotification(sample(kind, settings));
    return { kind, desktop, sound, text: `${LABELS[kind]}: ${words(desktop, sound)}` };
  });
}
