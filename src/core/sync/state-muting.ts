import type { Subscription } from './state-types.ts';

/**
 * Whether a channel is muted for the user. No subscription counts as muted
 * (NOTIFICATIONS.md); a server may send only the legacy inverse `in_home_view`.
 */
export function isChannelMuted(sub: Subscription | undefined): boolean {
  if (sub === undefined) return true;
  return sub.is_muted ?? sub.in_home_view === false;
}
