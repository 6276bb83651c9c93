/**
 * What happened to each address of a batch of invitations, from what was skipped before
 * sending and the server's INVITATION_FAILED fields (upstream InvitationFailedError).
 */

export type ResultKind = 'sent' | 'has-account' | 'deactivated' | 'invalid' | 'limit' | 'not-sent';

export type ResultRow = { address: string; kind: ResultKind; outcome: string };

export type InviteResults = {
  rows: ResultRow[];
  sent: number;
  notSent: number;
  /** "Sent to 3 addresses; not sent to 2:" and the like. */
  summary: string;
  /** Whether nothing at all was sent. */
  failed: boolean;
};

/** Up to this many addresses, a full success names them instead of counting them. */
export const NAMED_MAX = 3;

const plural = (n: number) => `${n} address${n === 1 ? '' : 'es'}`;

/** The server's extra fields, read defensively: anything missing counts as false or empty. */
function readFailure(details: Record<string, unknown> | undefined) {
  const entries = Array.isArray(details?.['errors']) ? (details['errors'] as unknown[]) : [];
  const byAddress = new Map<string, { reason: string; deactivated: boolean }>();
  for (const e of entries) {
    if (!Array.isArray(e)) continue;
    const [email, reason, deactivated] = e as unknown[];
    byAddress.set(String(email).toLowerCase(), {
      reason: String(reason ?? ''),
      deactivated: deactivated === true,
    });
  }
  return {
    byAddress,
    sentInvitations: details?.['sent_invitations'] === true,
    dailyLimit: details?.['daily_limit_reached'] === true,
    licenseLimit: details?.['license_limit_reached'] === true,
  };
}

function rowFor(
  address: string,
  f: ReturnType<typeof readFailure> | undefined,
  anyInvalid: boolean,
): ResultRow {
  const error = f?.byAddress.get(address.toLowerCase());
  if (error?.deactivated)
    return {
      address,
      kind: 'deactivated',
      outcome: 'Not sent: this account was deactivated. Reactivate it under Users instead.',
    };
  if (error && /already has an account/i.test(error.reason))
    return { address, kind: 'has-account', outcome: 'Not sent: already has an account.' };
  if (error && /invalid/i.test(error.reason))
    return { address, kind: 'invalid', outcome: 'Not sent: the server says it is not valid.' };
  if (error) return { address, kind: 'not-sent', outcome: `Not sent: ${error.reason}` };
  if (f?.licenseLimit)
    return {
      address,
      kind: 'limit',
      outcome: 'Not sent: the organization has no licenses left for new users.',
    };
  if (f?.dailyLimit)
    return {
      address,
      kind: 'limit',
      outcome: 'Not sent: the organization reached its daily invitation limit. Try tomorrow.',
    };
  if (f && !f.sentInvitations)
    return {
      address,
      kind: 'not-sent',
      outcome: anyInvalid
        ? 'Not sent: the server sends none of a batch with an invalid address. Fix it and send again.'
        : 'Not sent.',
    };
  return { address, kind: 'sent', outcome: 'Sent.' };
}

/**
 * `sent` went to the server; `skipped` were not email addresses and stayed here. `details`
 * are the INVITATION_FAILED fields when the server answered with that code.
 */
export function inviteResults(o: {
  sent: string[];
  skipped: string[];
  details?: Record<string, unknown> | undefined;
}): InviteResults {
  const f = o.details ? readFailure(o.details) : undefined;
  const anyInvalid =
    f !== undefined && [...f.byAddress.values()].some((e) => /invalid/i.test(e.reason));
  const rows: ResultRow[] = [
    ...o.sent.map((a) => rowFor(a, f, anyInvalid)),
    ...o.skipped.map((address) => ({
      address,
      kind: 'invalid' as const,
      outcome: 'Not sent: not an email address.',
    })),
  ];
  const sent = rows.filter((r) => r.kind === 'sent').length;
  const notSent = rows.length - sent;
  const summary =
    notSent === 0
      ? sent <= NAMED_MAX
        ? `Invitation sent to ${o.sent.join(', ')}.`
        : `Sent to ${plural(sent)}.`
      : sent === 0
        ? notSent === 1
          ? 'Not sent:'
          : `Not sent to any of the ${plural(notSent)}:`
        : `Sent to ${plural(sent)}; not sent to ${notSent}:`;
  return { rows, sent, notSent, summary, failed: sent === 0 };
}
