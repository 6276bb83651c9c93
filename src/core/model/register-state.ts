/**
 * The POST /register answer as AccountState reads it. The API schema leaves every state
 * section optional (each depends on what was fetched); Perch always fetches these, so a
 * missing one means a server Perch cannot follow, reported once instead of failing later.
 */
import { MalformedResponseError } from '../../api/errors.ts';
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { UserSettings } from '../../api/schemas/settings.ts';
import { mutedTopicsAsUserTopics } from './state-muting.ts';
import type { AccountRegister, AccountSettings, UserTopic } from './state-types.ts';

/**
 * Each is what the notification policy or the unread sets stand on, and no stand-in is
 * safe: without the user's id every own message looks like someone else's; without the
 * subscriptions every channel counts as muted; without the unreads the badge is wrong until
 * each message is read again. Settings and topic policies come under a newer or an older
 * name (the schema gathers pre-FL 89 top-level settings into `user_settings`); lacking
 * both, defaults would notify where the user turned notifications off, and an empty topic
 * list would notify for every topic they muted.
 */
const REQUIRED: readonly (readonly (keyof ApiRegisterResponse)[])[] = [
  ['user_id'],
  ['user_settings'],
  ['subscriptions'],
  ['unread_msgs'],
  ['user_topics', 'muted_topics'],
];

/**
 * The settings the policy reads that a server can lack: the followed-topic ones are new in
 * FL 189, every other one predates feature levels. The baseline values of docs/notifications.md
 * "Cases", which decide nothing before FL 219 anyway, since no topic can be followed there.
 */
const FOLLOWED_TOPIC_DEFAULTS = {
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
} satisfies Partial<AccountSettings>;

/** The other settings AccountSettings requires predate feature levels: taken as sent. */
function withDefaults(settings: UserSettings): AccountSettings {
  const out: Record<string, unknown> = { ...settings };
  for (const [name, value] of Object.entries(FOLLOWED_TOPIC_DEFAULTS)) {
    if (out[name] === undefined) out[name] = value;
  }
  return out as AccountSettings;
}

function userTopicsOf(data: ApiRegisterResponse): UserTopic[] {
  if (data.user_topics !== undefined) return data.user_topics;
  const channels = [...(data.subscriptions ?? []), ...(data.streams ?? [])];
  return mutedTopicsAsUserTopics(data.muted_topics ?? [], channels);
}

export function toAccountRegister(data: ApiRegisterResponse): AccountRegister {
  const missing = REQUIRED.filter((names) => names.every((key) => data[key] === undefined));
  if (missing.length > 0) {
    const fields = missing.map((names) => names.join(' or ')).join(', ');
    throw new MalformedResponseError(
      'POST /register',
      missing[0]?.[0] ?? '',
      `the server left out ${fields}`,
    );
  }
  return {
    ...(data as AccountRegister),
    user_settings: withDefaults(data.user_settings ?? {}),
    user_topics: userTopicsOf(data),
  };
}
