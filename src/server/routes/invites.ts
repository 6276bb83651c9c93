/**
 * POST /invites (spec 4.7). Before FL 126 the lifetime was given in days
 * (invite_expires_in_days) instead of minutes.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { ApiError, badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { isEmail } from './users.ts';

const DEFAULT_LIFETIME_MINUTES = 14400;
const MAX_WELCOME_TEXT = 8000;
const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];

export function register(router: Router): void {
  router.post('/invites', invite);
}

function invite(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const emails = params
    .string('invitee_emails')
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const expirySeconds = readLifetime(ctx, params);
  const inviteAs = params.optInt('invite_as') ?? ROLE.member;
  if (!ROLES.includes(inviteAs)) throw invalid('invite_as');
  const streamIds = params.intList('stream_ids');
  const groupIds = params.optIntList('group_ids') ?? [];
  params.optBool('include_realm_default_subscriptions');
  const notifyReferrer = params.optBool('notify_referrer_on_join') ?? true;
  const welcome = readWelcomeText(params, user);

  if (!state.groupMembers(state.realm.can_invite_users_group).has(user.user_id))
    throw badRequest('Insufficient permission');
  if (inviteAs < user.role) throw badRequest('Insufficient permission');
  if (emails.length === 0) throw badRequest('You must specify at least one email address.');
  const canSubscribeOthers = state
    .groupMembers(state.realm.can_add_subscribers_group)
    .has(user.user_id);
  if (streamIds.length > 0 && !canSubscribeOthers)
    throw badRequest('You do not have permission to subscribe other users to channels.');
  for (const id of streamIds) {
    const c = state.channels.get(id);
    if (!c || c.is_archived || !(c.is_default || state.canAccessChannel(user, c)))
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
  }
  for (const id of groupIds) {
    const g = state.userGroups.get(id);
    if (!g || g.deactivated || g.is_system_group)
      throw badRequest(`Invalid user group ID ${id}. No invites were sent.`);
    if (!state.isAdmin(user) && !state.groupMembers(id).has(user.user_id))
      throw badRequest('Insufficient permission');
  }

  const errors: [string, string, boolean][] = [];
  const valid: string[] = [];
  for (const email of emails) {
    if (!isEmail(email)) errors.push([email, 'Invalid address.', false]);
    else {
      const existing = state.userByEmail(email);
      if (existing)
        errors.push([
          email,
          existing.is_active ? 'Already has an account.' : 'Account has been deactivated.',
          existing.is_active,
        ]);
      else valid.push(email);
    }
  }
  // An invalid address stops the whole batch; existing accounts only skip themselves.
  const send = errors.every(([, reason]) => reason !== 'Invalid address.') ? valid : [];
  for (const email of send) {
    const id = state.nextId('invitation');
    state.invitations.set(id, {
      id,
      email,
      invited_by: user.user_id,
      invite_as: inviteAs,
      stream_ids: streamIds,
      group_ids: groupIds,
      expiry: expirySeconds === null ? null : nowSeconds(ctx) + expirySeconds,
      notify_referrer_on_join: notifyReferrer,
      welcome_message_custom_text: welcome,
    });
  }
  if (send.length > 0) {
    const audience = state
      .activeUsers()
      .filter((u) => state.isAdmin(u) || u.user_id === user.user_id);
    ctx.events.emit(
      audience.map((u) => u.user_id),
      { type: 'invites_changed' },
    );
  }
  if (errors.length > 0) {
    throw new ApiError(
      'INVITATION_FAILED',
      'Some of those addresses are already using the service, so we didn\u2019t send them an invitation.',
      {
        errors,
        sent_invitations: send.length > 0,
        license_limit_reached: false,
        daily_limit_reached: false,
      },
    );
  }
  return {};
}

/** Seconds until expiry, or null for never. */
function readLifetime(ctx: ServerContext, params: Params): number | null {
  if (ctx.state.featureLevel < 126) {
    const days = params.optNullableInt('invite_expires_in_days', { min: 1, max: 3650 });
    return days === undefined ? DEFAULT_LIFETIME_MINUTES * 60 : days === null ? null : days * 86400;
  }
  const minutes = params.optNullableInt('invite_expires_in_minutes', { min: 1, max: 3650 * 1440 });
  return minutes === undefined
    ? DEFAULT_LIFETIME_MINUTES * 60
    : minutes === null
      ? null
      : minutes * 60;
}

/** Only administrators set a custom welcome text; for others it is always null. */
function readWelcomeText(params: Params, user: UserRecord): string | null {
  const raw = params.optString('welcome_message_custom_text');
  if (raw === undefined || raw === 'null') return null;
  if ([...raw].length > MAX_WELCOME_TEXT)
    throw invalid('welcome_message_custom_text', 'is too long');
  return user.role <= ROLE.admin ? raw : null;
}
