/** Spec 4.7 POST /invites rules, checked before anything is sent. */
import { codePoints } from './text.ts';

export const WELCOME_MAX_CODE_POINTS = 8000;
export const DEFAULT_EXPIRY_MINUTES = 14400;

export type Address = { address: string; valid: boolean };

// Deliberately loose: one @, something on each side, a dot in the domain; the server decides.
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** Addresses separated by commas or newlines, each trimmed, duplicates dropped. */
export function parseAddresses(text: string): Address[] {
  const seen = new Set<string>();
  const out: Address[] = [];
  for (const piece of text.split(/[,\n]/)) {
    const address = piece.trim();
    if (address === '' || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push({ address, valid: EMAIL.test(address) });
  }
  return out;
}

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
  const bad = o.addresses.filter((a) => !a.valid).map((a) => a.address);
  if (o.addresses.length === 0) problems.addresses = 'Enter at least one email address.';
  else if (bad.length > 0) problems.addresses = `Not an email address: ${bad.join(', ')}`;
  if (o.expiry.kind === 'minutes' && !(Number.isInteger(o.expiry.minutes) && o.expiry.minutes > 0))
    problems.expiry = 'Custom expiry must be a whole number of minutes, at least 1.';
  if (o.welcome !== null && codePoints(o.welcome) > WELCOME_MAX_CODE_POINTS)
    problems.welcome = `At most ${WELCOME_MAX_CODE_POINTS} characters.`;
  if (o.inviteAs < o.callerRole)
    problems.role = 'You can only invite to your own role or a more restricted one.';
  return problems;
}

// The triple's boolean is left alone: the spec does not say what it means.
export type FailedAddress = { email: string; reason: string };

/** Reads the INVITATION_FAILED extra fields (spec section 7) as the server sent them. */
export function invitationFailure(details: Record<string, unknown> | undefined): {
  failed: FailedAddress[];
  sentInvitations: boolean;
  dailyLimitReached: boolean;
  licenseLimitReached: boolean;
} {
  const errors = Array.isArray(details?.['errors']) ? details['errors'] : [];
  const failed: FailedAddress[] = [];
  for (const entry of errors) {
    if (!Array.isArray(entry)) continue;
    const [email, reason] = entry as unknown[];
    failed.push({ email: String(email), reason: String(reason) });
  }
  return {
    failed,
    sentInvitations: details?.['sent_invitations'] === true,
    dailyLimitReached: details?.['daily_limit_reached'] === true,
    licenseLimitReached: details?.['license_limit_reached'] === true,
  };
}
