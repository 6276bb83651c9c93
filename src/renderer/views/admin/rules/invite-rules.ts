/** Spec 4.7 POST /invites rules, checked before anything is sent. */
import { codePoints } from './text.ts';

export const WELCOME_MAX_CODE_POINTS = 8000;
export const DEFAULT_EXPIRY_MINUTES = 14400;

import type { Address } from './invite-addresses.ts';

export { parseAddresses, type Address } from './invite-addresses.ts';

export const INVITE_ROLES = [100, 200, 300, 400, 600] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** A user may invite only to their own role or a more restricted one. */
export function allowedInviteRoles(callerRole: number): InviteRole[] {
  return INVITE_ROLES.filter((r) => r >= callerRole);
}

export type Expiry = { kind: 'default' } | { kind: 'never' } | { kind: 'minutes'; minutes: number };

export const EXPIRY_PRESETS: { label: string; minutes: number }[] = [
  { label: '30 minutes', minutes: 30 },
  { label: '1 day', minutes: 1440 },
  { label: '2 days', minutes: 2880 },
  { label: '10 days', minutes: 14400 },
  { label: '30 days', minutes: 43200 },
];

/** The wire value: absent for the server default, null for never. */
export function expiryParam(e: Expiry): number | null | undefined {
  if (e.kind === 'default') return undefined;
  return e.kind === 'never' ? null : e.minutes;
}

export type InviteProblems = Partial<Record<'addresses' | 'expiry' | 'welcome' | 'role', string>>;

export function checkInvite(o: {
  addresses: Address[];
  expiry: Expiry;
  welcome: string | null;
  inviteAs: number;
  callerRole: number;
}): InviteProblems {
  const problems: InviteProblems = {};
  // Invalid addresses are skipped, not sent, and reported with the results.
  if (!o.addresses.some((a) => a.valid))
    problems.addresses =
      o.addresses.length === 0
        ? 'Enter at least one email address.'
        : `Not an email address: ${o.addresses.map((a) => a.address).join(', ')}`;
  if (o.expiry.kind === 'minutes' && !(Number.isInteger(o.expiry.minutes) && o.expiry.minutes > 0))
    problems.expiry = 'Custom expiry must be a whole number of minutes, at least 1.';
  if (o.welcome !== null && codePoints(o.welcome) > WELCOME_MAX_CODE_POINTS)
    problems.welcome = `At most ${WELCOME_MAX_CODE_POINTS} characters.`;
  if (o.inviteAs < o.callerRole)
    problems.role = 'You can only invite to your own role or a more restricted one.';
  return problems;
}
