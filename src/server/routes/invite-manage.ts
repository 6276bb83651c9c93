/**
 * Managing invitations once sent (upstream get-invites, revoke-email-invite,
 * revoke-invite-link, resend-email-invite, create-invite-link). Who may manage what follows
 * upstream: everyone manages their own; administrators manage everyone's, except that an
 * invitation to become an owner is an owner's business.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { requireAdmin, requireOwner } from './gates.ts';
import { inSetting } from './group-setting.ts';
import {
  checkDailyLimit,
  checkInviteChannels,
  checkInviteGroups,
  readLifetime,
} from './invite-limits.ts';

/** Since this level non-administrators may create and revoke their own links. */
const LINKS_FOR_EVERYONE = 209;
const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];

export function registerManagement(router: Router): void {
  router.get('/invites', list);
  router.delete('/invites/{invite_id}', revoke);
  router.post('/invites/{invite_id}/resend', resend);
  router.post('/invites/multiuse', createLink);
  router.delete('/invites/multiuse/{invite_id}', revokeLink);
}

/** Upstream's require_member_or_admin: guests are refused outright. */
function requireNotGuest(user: UserRecord): void {
  if (user.role >= ROLE.guest) throw badRequest('Not allowed for guest users');
}

/** Upstream check_role_based_permissions for someone else's invitation. */
function mayManage(user: UserRecord, invitedBy: number, invitedAs: number): void {
  if (invitedBy === user.user_id) return;
  if (invitedAs === ROLE.owner) requireOwner(user);
  requireAdmin(user);
}

/** invites_changed goes to administrators and, since FL 209, to the invitation's creator. */
export function notifyInvitesChanged(ctx: ServerContext, creatorId: number): void {
  const { state } = ctx;
  const withCreator = state.featureLevel >= LINKS_FOR_EVERYONE;
  const audience = state
    .activeUsers()
    .filter((u) => state.isAdmin(u) || (withCreator && u.user_id === creatorId));
  ctx.events.emit(
    audience.map((u) => u.user_id),
    { type: 'invites_changed' },
  );
}

const unexpired = (now: number) => (i: { expiry: number | null }) =>
  i.expiry === null || i.expiry > now;

function list({ ctx, user }: RouteRequest) {
  requireNotGuest(user);
  const { state } = ctx;
  const now = nowSeconds(ctx);
  const mine = (i: { invited_by: number }) => state.isAdmin(user) || i.invited_by === user.user_id;
  const withNotify = state.featureLevel >= 267;
  const common = (i: {
    id: number;
    invited_by: number;
    invited: number;
    expiry: number | null;
    invite_as: number;
    notify_referrer_on_join: boolean;
  }) => ({
    id: i.id,
    invited_by_user_id: i.invited_by,
    invited: i.invited,
    expiry_date: i.expiry,
    invited_as: i.invite_as,
    ...(withNotify ? { notify_referrer_on_join: i.notify_referrer_on_join } : {}),
  });
  const emails = [...state.invitations.values()]
    .filter(unexpired(now))
    .filter(mine)
    .map((i) => ({ ...common(i), email: i.email, is_multiuse: false }));
  const links = [...state.multiuseInvites.values()]
    .filter((i) => !i.revoked)
    .filter(unexpired(now))
    .filter(mine)
    .map((i) => ({ ...common(i), link_url: linkUrl(ctx, i.key), is_multiuse: true }));
  return { invites: [...emails, ...links] };
}

function linkUrl(ctx: ServerContext, key: string): string {
  return `${ctx.state.realm.url.replace(/\/$/, '')}/join/${key}/`;
}

function emailInvite(req: RouteRequest) {
  requireNotGuest(req.user);
  const invite = req.ctx.state.invitations.get(req.pathInt('invite_id'));
  if (!invite) throw badRequest('No such invitation');
  mayManage(req.user, invite.invited_by, invite.invite_as);
  return invite;
}

function revoke(req: RouteRequest) {
  const invite = emailInvite(req);
  req.ctx.state.invitations.delete(invite.id);
  notifyInvitesChanged(req.ctx, invite.invited_by);
  return {};
}

function resend(req: RouteRequest) {
  const invite = emailInvite(req);
  checkDailyLimit(req.ctx, 1);
  invite.invited = nowSeconds(req.ctx);
  notifyInvitesChanged(req.ctx, invite.invited_by);
  return {};
}

function createLink(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  requireNotGuest(user);
  if (state.featureLevel < LINKS_FOR_EVERYONE) requireAdmin(user);
  // Links have their own permission upstream (create_multiuse_invite_group), distinct from
  // can_invite_users_group, which governs email invitations.
  else if (!inSetting(state, user.user_id, state.realm.create_multiuse_invite_group))
    throw badRequest('Insufficient permission');
  const expirySeconds = readLifetime(ctx, params);
  const inviteAs = params.optInt('invite_as') ?? ROLE.member;
  if (!ROLES.includes(inviteAs)) throw invalid('invite_as');
  if (inviteAs === ROLE.owner) requireOwner(user);
  if (inviteAs < user.role) throw badRequest('Insufficient permission');
  const streamIds = params.optIntList('stream_ids') ?? [];
  const groupIds = params.optIntList('group_ids') ?? [];
  params.optBool('include_realm_default_subscriptions');
  const notify = params.optBool('notify_referrer_on_join') ?? true;
  checkInviteChannels(ctx, user, streamIds);
  checkInviteGroups(ctx, user, groupIds);
  const id = state.nextId('multiuse_invite');
  const key = `link${id}${Math.random().toString(36).slice(2, 10)}`;
  const now = nowSeconds(ctx);
  state.multiuseInvites.set(id, {
    id,
    key,
    invited_by: user.user_id,
    invite_as: inviteAs,
    stream_ids: streamIds,
    group_ids: groupIds,
    expiry: expirySeconds === null ? null : now + expirySeconds,
    invited: now,
    notify_referrer_on_join: notify,
    revoked: false,
  });
  notifyInvitesChanged(ctx, user.user_id);
  return { invite_link: linkUrl(ctx, key) };
}

function revokeLink(req: RouteRequest) {
  const { ctx, user } = req;
  requireNotGuest(user);
  if (ctx.state.featureLevel < LINKS_FOR_EVERYONE) requireAdmin(user);
  const link = ctx.state.multiuseInvites.get(req.pathInt('invite_id'));
  if (!link) throw badRequest('No such invitation');
  if (link.revoked) throw badRequest('Invitation has already been revoked');
  mayManage(user, link.invited_by, link.invite_as);
  link.revoked = true;
  notifyInvitesChanged(ctx, link.invited_by);
  return {};
}
