/**
 * The People list (src/lib/people-order.ts has its order). Bots and deactivated users are
 * not people to look for.
 */
import type { PersonPresence } from '../../contract/schemas/people.ts';
import type { RealmUser } from '../model/state-types.ts';
import { byPresenceThenName } from '../../lib/people-order.ts';
import type { PresenceLookup } from './presence-source.ts';

export function personPresence(user: Readonly<RealmUser>, lookup: PresenceLookup): PersonPresence {
  return {
    userId: user.user_id,
    name: user.full_name ?? `user ${user.user_id}`,
    presence: lookup.presence(user.user_id),
    status: lookup.status(user.user_id),
  };
}

/** The people the list shows: active humans. */
export function* listedUsers(users: Iterable<Readonly<RealmUser>>): Generator<Readonly<RealmUser>> {
  for (const u of users) if (!u.is_bot && u.is_active !== false) yield u;
}

export function roster(
  users: Iterable<Readonly<RealmUser>>,
  lookup: PresenceLookup,
): PersonPresence[] {
  return [...listedUsers(users)].map((u) => personPresence(u, lookup)).sort(byPresenceThenName);
}
