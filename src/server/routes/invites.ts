/**
 * POST /invites (spec 4.7). Before FL 126 the lifetime was given in days
 * (invite_expires_in_days) instead of minutes. Listing, revoking and resending are in
 * invite-manage.ts.
 */
import { nowSeconds } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { inSetting } from './group-setting.ts';
import { registerManagement, notifyInvitesChanged } from './invite-manage.ts';
import {
  checkDailyLimit,
  checkInviteChannels,
  checkInviteGroups,
  checkLicenseLimit,
  invitationFailed,
  readLifetime,
} from './invite-limits.ts';
import { isEmail } from './users.ts';

const MAX_WELCOME_TEXT = 8000;
const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];

export function register(router: Router): void {
  router.post('/invites', invite);
  registerManagement(router);
}

/** Upstream get_invitee_emails_set: commas or newlines, and "Name <address>" gives the address. */
function inviteeEmails(raw: string): string[] {
  const out = new Set<string>();
  for (const piece of raw.split(/[,\n]/)) {
    const named = /<(?<email>.*)>/.exec(piece)?.groups?.['email'];
    const email = (named ?? piece).trim();
    if (email !== '') out.add(email);
  }
  return [...out];
}

function invite(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const emails = inviteeEmails(params.string('invitee_emails'));
  const expirySeconds = readLifetime(ctx, params);
  const inviteAs = params.optInt('invite_as') ?? ROLE.member;
  if (!ROLES.includes(inviteAs)) throw invalid('invite_as');
  const streamIds = params.intList('stream_ids');
  const groupIds = params.optIntList('group_ids') ?? [];
  params.optBool('include_realm_default_subscriptions');
  const notifyReferrer = params.optBool('notify_referrer_on_join') ?? true;
  const welcome = readWelcomeText(params, user);

  if (!inSetting(state, user.user_id, state.realm.can_invite_users_group))
    throw badRequest('Insufficient permission');
  if (inviteAs < user.role) throw badRequest('Insufficient permission');
  if (emails.length === 0) throw badRequest('You must specify at least one email address.');
  const canSubscribeOthers = state
    .groupMembers(state.realm.can_add_subscribers_group)
    .has(user.user_id);
  if (streamIds.length > 0 && !canSubscribeOthers)
    throw badRequest('You do not have permission to subscribe other users to channels.');
  checkInviteChannels(ctx, user, streamIds);
  checkInviteGroups(ctx, user, groupIds);

  checkLicenseLimit(ctx, emails.length, inviteAs === ROLE.guest);
  checkDailyLimit(ctx, emails.length);
  const invalidAddresses: [string, string, boolean][] = [];
  const skipped: [string, string, boolean][] = [];
  const send: string[] = [];
  for (const email of emails) {
    const existing = isEmail(email) ? state.userByEmail(email) : undefined;
    if (!isEmail(email)) invalidAddresses.push([email, 'Invalid address.', false]);
    // The boolean says the account exists but is deactivated (upstream get_existing_user_errors).
    else if (existing)
      skipped.push([
        email,
        existing.is_active ? 'Already has an account.' : 'Account has been deactivated.',
        !existing.is_active,
      ]);
    else send.push(email);
  }
  // An invalid address stops the whole batch; existing accounts only skip themselves.
  if (invalidAddresses.length > 0)
    throw invitationFailed(
      'Some emails did not validate, so we didn\u2019t send any invitations.',
      [...invalidAddresses, ...skipped],
      { sent: false },
    );
  if (send.length === 0)
    throw invitationFailed('We weren\u2019t able to invite anyone.', skipped, { sent: false });
  const now = nowSeconds(ctx);
  for (const email of send) {
    const id = state.nextId('invitation');
    state.invitations.set(id, {
      id,
      email,
      invited_by: user.user_id,
      invite_as: inviteAs,
      stream_ids: streamIds,
      group_ids: groupIds,
      expiry: expirySeconds === null ? null : now + expirySeconds,
      notify_referrer_on_join: notifyReferrer,
      welcome_message_custom_text: welcome,
      invited: now,
    });
  }
  notifyInvitesChanged(ctx, user.user_id);
  if (skipped.length > 0)
    throw invitationFailed(
      'Some of those addresses are already using the service, so we didn\u2019t send them an invitation. We did send invitations to everyone else!',
      skipped,
      { sent: true },
    );
  return {};
}

/** Only administrators set a custom welcome text; for others it is always null. */
function readWelcomeText(params: Params, user: UserRecord): string | null {
  const raw = params.optString('welcome_message_custom_text');
  if (raw === undefined || raw === 'null') return null;
  if ([...raw].length > MAX_WELCOME_TEXT)
    throw invalid('welcome_message_custom_text', 'is too long');
  return user.role <= ROLE.admin ? raw : null;
}
