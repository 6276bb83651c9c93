/**
 * The notification bot: the system bot that upstream's automated notices come from (moved
 * messages, here). Like upstream's cross-realm bots it belongs to no one's people list: it is
 * kept out of `state.users` (so out of GET /users, realm_users and every role group) and is
 * made on first use, so an organization that never needs it does not have it.
 */
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';

const bots = new WeakMap<ServerState, UserRecord>();

export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';

export function notificationBot(state: ServerState): UserRecord {
  let bot = bots.get(state);
  if (!bot) {
    bot = {
      user_id: state.nextId('user'),
      email: NOTIFICATION_BOT_EMAIL,
      delivery_email: NOTIFICATION_BOT_EMAIL,
      full_name: 'Notification Bot',
      role: 400,
      is_active: true,
      is_bot: true,
      bot_type: 1,
      bot_owner_id: null,
      // Nobody signs in as it: no key or password matches a request.
      api_key: '',
      password: '',
      date_joined: 0,
      timezone: '',
      avatar_version: 1,
      is_imported_stub: false,
      can_create_users: false,
      settings: {},
      profile_data: new Map(),
      alert_words: [],
      webhook: null,
      push_devices: [],
      has_videoprovider_token: false,
    };
    bots.set(state, bot);
  }
  return bot;
}

/** The system bot with this id, if the organization has made it. */
export function systemBot(state: ServerState, userId: number): UserRecord | undefined {
  const bot = bots.get(state);
  return bot?.user_id === userId ? bot : undefined;
}
