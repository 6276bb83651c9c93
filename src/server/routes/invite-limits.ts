/**
 * What every way of inviting shares: the lifetime parameter, the channels and groups a
 * joiner gets, and the daily and license limits.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';

const DEFAULT_LIFETIME_MINUTES = 14400;
/** Upstream's INVITES_DEFAULT_REALM_DAILY_MAX. */
const DEFAULT_DAILY_MAX = 3000;
const DAY_SECONDS = 86400;

/** Seconds until expiry, or null for never. Before FL 126 the lifetime was given in days. */
export function readLifetime(ctx: ServerContext, params: Params): number | null {
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

/** INVITATION_FAILED with upstream's extra fields. */
export function invitationFailed(
  msg: string,
  errors: [string, string, boolean][],
  o: { sent: boolean; dailyLimit?: boolean; licenseLimit?: boolean },
): ApiError {
  return new ApiError('INVITATION_FAILED', msg, {
    errors,
    sent_invitations: o.sent,
    license_limit_reached: o.licenseLimit ?? false,
    daily_limit_reached: o.dailyLimit ?? false,
  });
}

/** Upstream: a guest takes a seat only beyond five guests per non-guest. */
const GUESTS_PER_SEAT = 5;

/**
 * Upstream check_spare_licenses_available_for_inviting_new_users: with a plan limit, the
 * seats in use plus everyone invited may not pass it; when they would, nothing is sent.
 */
export function checkLicenseLimit(ctx: ServerContext, count: number, asGuests: boolean): void {
  const { state } = ctx;
  const limit = state.realm.license_limit;
  if (limit === undefined) return;
  const humans = state.activeUsers().filter((u) => !u.is_bot);
  const guestsNow = humans.filter((u) => u.role >= ROLE.guest).length;
  const guests = guestsNow + (asGuests ? count : 0);
  const others = humans.length - guestsNow + (asGuests ? 0 : count);
  const seats = Math.max(others, Math.ceil(guests / GUESTS_PER_SEAT));
  if (seats > limit)
    throw invitationFailed(
      `Your organization does not have enough unused licenses to invite ${count} users.`,
      [],
      { sent: false, licenseLimit: true },
    );
}

/**
 * Upstream check_invite_limit: invitations sent in the last day plus these may not pass the
 * organization's daily maximum; when they would, nothing is sent.
 */
export function checkDailyLimit(ctx: ServerContext, count: number): void {
  const { state } = ctx;
  const since = nowSeconds(ctx) - DAY_SECONDS;
  const recent = [...state.invitations.values()].filter((i) => i.invited > since).length;
  if (recent + count > (state.realm.max_invites ?? DEFAULT_DAILY_MAX))
    throw invitationFailed(
      'To protect users, the number of invitations you can send in one day is limited. Because you have reached the limit, no invitations were sent.',
      [],
      { sent: false, dailyLimit: true },
    );
}

/** The channels a joiner is subscribed to: each must exist, be open, and visible or default. */
export function checkInviteChannels(ctx: ServerContext, user: UserRecord, ids: number[]): void {
  const { state } = ctx;
  for (const id of ids) {
    const c = state.channels.get(id);
    if (!c || c.is_archived || !(c.is_default || state.canAccessChannel(user, c)))
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
  }
}

/** The groups a joiner is added to: named, active, and (for non-administrators) their own. */
export function checkInviteGroups(ctx: ServerContext, user: UserRecord, ids: number[]): void {
  const { state } = ctx;
  for (const id of ids) {
    const g = state.userGroups.get(id);
    if (!g || g.deactivated || g.is_system_group)
      throw badRequest(`Invalid user group ID ${id}. No invites were sent.`);
    if (!state.isAdmin(user) && !state.groupMembers(id).has(user.user_id))
      throw badRequest('Insufficient permission');
  }
}
