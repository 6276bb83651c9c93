/** How the invitation list reads and what the signed-in user may do with each entry. */
import { OWNER, ADMINISTRATOR } from './roles.ts';

export type ListedInvite = { invitedById: number | null; invitedAs: number };

/**
 * Upstream's rule: your own invitations are yours to manage; an administrator manages
 * everyone's, except that an invitation to become an owner is an owner's business.
 * Returns why not, or undefined when the user may revoke (and resend).
 */
export function whyCannotManage(
  invite: ListedInvite,
  me: { userId: number; role: number },
): string | undefined {
  if (invite.invitedById === me.userId) return undefined;
  if (invite.invitedAs === OWNER && me.role !== OWNER)
    return 'Only an owner can revoke or resend an invitation to become an owner.';
  if (me.role > ADMINISTRATOR)
    return 'Only administrators can manage invitations other people sent.';
  return undefined;
}

const UNITS: [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

/** "in 3 days", "in 5 hours", "in less than a minute", or "expired". */
export function relativeExpiry(at: number, now: number): string {
  const left = at - now;
  if (left <= 0) return 'expired';
  for (const [ms, unit] of UNITS) {
    if (left < ms) continue;
    // Rounded, so an invitation sent for 10 days does not read "in 9 days" a second later.
    const n = Math.round(left / ms);
    return `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return 'in less than a minute';
}

/** The date and time in the user's locale, for the line under the relative expiry. */
export function absoluteTime(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
