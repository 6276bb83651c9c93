/**
 * The notification decision of docs/notifications.md ("Gate A", "Desktop B", "Sound C"), as a
 * pure function. Perch's own Do Not Disturb is applied afterwards, where the decision is used,
 * and the OS's by the OS: they only silence what this allows (docs/notifications.md "Do Not
 * Disturb").
 */
import type { NotificationInput, PolicySubscription } from '../model/notification-input.ts';
import type { AccountSettings } from '../model/state-types.ts';
import { isChannelMuted } from '../model/state-muting.ts';
import { isWildcardMention } from '../model/mention-flags.ts';
import { RULE_TEXT, type RuleId } from './policy-rules.ts';

export type { RuleId } from './policy-rules.ts';

export type { NotificationInput, PolicySubscription };

export interface NotificationDecision {
  desktop: boolean;
  sound: boolean;
  /** Which rules decided, in words for the "why was I (not) notified" view. */
  reason: string;
  /** Stable ids of the deciding rules: the gate rule when the gate stopped the message. */
  rules: { desktop: RuleId; sound: RuleId };
}

interface Facts {
  channel: boolean;
  mentionedMe: boolean;
  wildcard: boolean;
  alerted: boolean;
  unread: boolean;
  followed: boolean;
  effectiveDesktop: boolean;
  effectiveAudible: boolean;
  effectiveWildcard: boolean;
}

/** A subscription's own value when set, else the user's default; no subscription counts as false. */
function effective(
  sub: PolicySubscription | undefined,
  own: boolean | null | undefined,
  userDefault: boolean,
): boolean {
  if (sub === undefined) return false;
  return own ?? userDefault;
}

function factsOf(input: NotificationInput<PolicySubscription>): Facts {
  const { message, settings, subscription: sub } = input;
  const flags = new Set(message.flags);
  return {
    channel: message.type === 'stream',
    mentionedMe: flags.has('mentioned'),
    wildcard: isWildcardMention(flags),
    alerted: flags.has('has_alert_word'),
    unread: !flags.has('read'),
    followed: message.type === 'stream' && input.topicPolicy === 3,
    effectiveDesktop: effective(
      sub,
      sub?.desktop_notifications,
      settings.enable_stream_desktop_notifications,
    ),
    effectiveAudible: effective(
      sub,
      sub?.audible_notifications,
      settings.enable_stream_audible_notifications,
    ),
    effectiveWildcard: effective(
      sub,
      sub?.wildcard_mentions_notify,
      settings.wildcard_mentions_notify,
    ),
  };
}

/** Gate A: the rule that stops the message, or undefined when it goes on to B and C. */
function gate(input: NotificationInput<PolicySubscription>, f: Facts): RuleId | undefined {
  if (input.message.sender_id === input.me.user_id) return 'A1';
  if (input.alreadyDecided) return 'A2';
  if (!f.mentionedMe && f.channel && !f.followed) {
    if (input.topicPolicy === 1) return 'A5';
    const wildcardOverride = f.wildcard && input.subscription?.wildcard_mentions_notify === true;
    if (isChannelMuted(input.subscription) && input.topicPolicy !== 2 && !wildcardOverride) {
      return 'A6';
    }
  }
  if (!f.unread) return 'A7';
  if (!f.channel && input.dmMuted === true) return 'A8';
  return undefined;
}

function desktopRule(s: AccountSettings, f: Facts): RuleId {
  if (f.channel && f.effectiveDesktop) return 'B1';
  if (f.followed && s.enable_followed_topic_desktop_notifications) return 'B2';
  if (!s.enable_desktop_notifications) return 'B3';
  if (!f.channel) return 'B4';
  if (f.alerted || f.mentionedMe) return 'B5';
  if (f.wildcard && f.effectiveWildcard) return 'B6';
  if (f.wildcard && f.followed && s.enable_followed_topic_wildcard_mentions_notify) return 'B7';
  return 'B8';
}

function soundRule(s: AccountSettings, f: Facts): RuleId {
  if (s.notification_sound === 'none') return 'C1';
  if (f.channel && f.effectiveAudible) return 'C2';
  if (f.followed && s.enable_followed_topic_audible_notifications) return 'C3';
  if (!s.enable_sounds) return 'C4';
  if (!f.channel) return 'C5';
  if (f.alerted || f.mentionedMe) return 'C6';
  if (f.wildcard && f.effectiveWildcard) return 'C7';
  if (f.wildcard && f.followed && s.enable_followed_topic_wildcard_mentions_notify) return 'C8';
  return 'C9';
}

const DENYING_RULES: ReadonlySet<RuleId> = new Set(['B3', 'B8', 'C1', 'C4', 'C9']);

export function decideNotification(
  input: NotificationInput<PolicySubscription>,
): NotificationDecision {
  const facts = factsOf(input);
  const stopped = gate(input, facts);
  if (stopped !== undefined) {
    return {
      desktop: false,
      sound: false,
      reason: `No notification: ${RULE_TEXT[stopped]}.`,
      rules: { desktop: stopped, sound: stopped },
    };
  }
  const desktop = desktopRule(input.settings, facts);
  const sound = soundRule(input.settings, facts);
  const desktopWords = DENYING_RULES.has(desktop)
    ? 'no desktop notification'
    : 'desktop notification';
  const soundWords = DENYING_RULES.has(sound) ? 'no sound' : 'sound';
  return {
    desktop: !DENYING_RULES.has(desktop),
    sound: !DENYING_RULES.has(sound),
    reason: `${capitalize(desktopWords)}: ${RULE_TEXT[desktop]}. ${capitalize(soundWords)}: ${RULE_TEXT[sound]}.`,
    rules: { desktop, sound },
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
