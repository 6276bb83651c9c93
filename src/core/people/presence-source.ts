/**
 * Where the card and the People list read someone's presence and status from. The account's
 * presence and status state (issue 23 point 3 and 4, src/core/sync) is the source; until an
 * account has registered, everyone shows as offline with no status.
 */
import type { CoreContext } from '../context.ts';
import type { Presence, StatusWire } from '../rpc/schemas/people.ts';

export interface PresenceLookup {
  presence(userId: number): Presence;
  status(userId: number): StatusWire | null;
}

export function presenceLookup(_ctx: CoreContext, _accountId: string): PresenceLookup {
  return { presence: () => 'offline', status: () => null };
}
