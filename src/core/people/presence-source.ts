/**
 * Where the card and the People list read someone's presence and status from: the
 * account's synced state (register, presence and user_status events, presence polls), with
 * presence worked out at the Core's clock's now. Before the account has registered,
 * everyone shows as offline with no status.
 */
import type { Clock } from '../../lib/clock.ts';
import type { AccountStores } from '../store/account-stores.ts';
import type { Presence, StatusWire } from '../../contract/schemas/people.ts';
import type { AccountState } from '../model/account-state.ts';
import type { UserStatus } from '../model/state-types.ts';

export interface PresenceLookup {
  presence(userId: number): Presence;
  status(userId: number): StatusWire | null;
}

export function statusWire(s: Readonly<UserStatus> | undefined): StatusWire | null {
  if (!s) return null;
  const text = s.status_text ?? '';
  const away = s.away ?? false;
  const emoji =
    s.emoji_name && s.emoji_code
      ? { name: s.emoji_name, code: s.emoji_code, type: s.reaction_type ?? 'unicode_emoji' }
      : null;
  return text === '' && !away && !emoji ? null : { text, emoji, away };
}

export function presenceLookup(
  ctx: { sync: Pick<AccountStores, 'state'>; clock: Clock },
  accountId: string,
): PresenceLookup {
  return presenceLookupOf(ctx.sync.state(accountId), ctx.clock.now());
}

/** `now`: milliseconds since the epoch, on the Core's clock. */
export function presenceLookupOf(state: AccountState | undefined, now: number): PresenceLookup {
  return {
    presence: (userId) => state?.presenceStatus(userId, now) ?? 'offline',
    status: (userId) => statusWire(state?.userStatus(userId)),
  };
}
