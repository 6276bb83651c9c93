/**
 * Upstream update-user (PATCH /users/{user_id}: role, full_name, profile_data), deactivate-user
 * (DELETE /users/{user_id}) and reactivate-user (POST /users/{user_id}/reactivate), with
 * upstream's gates: administrators only, owners alone add or remove the owner role or
 * deactivate an owner, and the only owner keeps the role and the account. As upstream, a
 * bot's role changes and its reactivation go through the same endpoints; its deactivation
 * through DELETE /bots/{bot_id} (administrators and the bot's owner).
 */
import type { ServerContext } from '../context.ts';
import { badRequest, unauthorizedPrincipal } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { ROLE_GROUP } from '../state/factory.ts';
import { deactivateUser } from '../state/lifecycle.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { requireAdmin, userById } from './gates.ts';
import {
  applyFullName,
  applyProfileChanges,
  checkFullName,
  readProfileChanges,
} from './user-details.ts';

const OWNER_REQUIRED = 'Must be an organization owner';

export function register(router: Router): void {
  router.patch('/users/{user_id}', (req) => {
    const { ctx, user, params } = req;
    requireAdmin(user);
    const target = userById(ctx.state, req.pathInt('user_id'));
    // Every part is read and checked before any of them changes anything.
    const role = params.optInt('role');
    const changeRoleTo = role !== undefined && role !== target.role ? role : undefined;
    if (changeRoleTo !== undefined) checkRoleChange(ctx.state, user, target, changeRoleTo);
    // Upstream's update_user_backend skips an empty name rather than refusing it, and
    // ignores name_changes_disabled: the change is the administrator's, not the user's.
    const rawName = params.optString('full_name');
    const fullName =
      rawName !== undefined && rawName.trim() !== '' ? checkFullName(rawName) : undefined;
    const profile = params.has('profile_data')
      ? readProfileChanges(ctx.state, params.json('profile_data'))
      : [];
    if (changeRoleTo !== undefined) changeRole(ctx, target, changeRoleTo);
    if (fullName !== undefined) applyFullName(ctx, target, fullName);
    applyProfileChanges(ctx, target, profile);
    return {};
  });

  router.delete('/users/{user_id}', (req) => {
    const { ctx, user } = req;
    requireAdmin(user);
    const target = humanTarget(req);
    if (!target.is_active) throw badRequest('User is deactivated');
    if (target.role === ROLE.owner && user.role !== ROLE.owner) {
      throw unauthorizedPrincipal(OWNER_REQUIRED);
    }
    if (target.role === ROLE.owner && isOnlyOwner(ctx.state, target)) {
      throw badRequest('Cannot deactivate the only organization owner');
    }
    deactivateUser(ctx, target.user_id);
    return {};
  });

  router.post('/users/{user_id}/reactivate', (req) => {
    const { ctx, user } = req;
    requireAdmin(user);
    const target = userById(ctx.state, req.pathInt('user_id'));
    if (target.is_active) throw badRequest('User is already active');
    reactivateUser(ctx, target);
    if (target.is_bot) notifyBotActive(ctx, target);
    return {};
  });

  router.delete('/bots/{bot_id}', (req) => {
    const { ctx, user } = req;
    const target = ctx.state.users.get(req.pathInt('bot_id'));
    if (!target?.is_bot || !target.is_active) throw badRequest('No such bot');
    if (!ctx.state.isAdmin(user) && target.bot_owner_id !== user.user_id)
      throw badRequest('Insufficient permission');
    deactivateUser(ctx, target.user_id);
    notifyBotActive(ctx, target);
    return {};
  });
}

/**
 * Upstream's realm_bot event for a bot's new state, to administrators and its owner: since
 * FL 222 an update of is_active, before that remove (the add of old servers is left out).
 */
function notifyBotActive(ctx: ServerContext, bot: UserRecord): void {
  const { state } = ctx;
  const audience = state
    .activeUsers()
    .filter((u) => state.isAdmin(u) || u.user_id === bot.bot_owner_id)
    .map((u) => u.user_id);
  if (state.featureLevel >= 222)
    ctx.events.emit(audience, {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: bot.user_id, is_active: bot.is_active },
    });
  else if (!bot.is_active)
    ctx.events.emit(audience, {
      type: 'realm_bot',
      op: 'remove',
      bot: { user_id: bot.user_id, full_name: bot.full_name },
    });
}

/** Upstream's access_user_by_id without allow_bots: bots have their own endpoints. */
function humanTarget(req: RouteRequest): UserRecord {
  const target = userById(req.ctx.state, req.pathInt('user_id'));
  if (target.is_bot) throw badRequest('No such user');
  return target;
}

/** Upstream's gates on a role change: a known role, owners for the owner role, one owner left. */
function checkRoleChange(
  state: ServerState,
  user: UserRecord,
  target: UserRecord,
  role: number,
): void {
  if (!validRoles(state.featureLevel).includes(role)) throw badRequest('Invalid role');
  if ((role === ROLE.owner || target.role === ROLE.owner) && user.role !== ROLE.owner) {
    throw unauthorizedPrincipal(OWNER_REQUIRED);
  }
  if (target.role === ROLE.owner && isOnlyOwner(state, target)) {
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  }
}

/** The role values of spec 2.1; moderators exist since FL 60. */
function validRoles(featureLevel: number): number[] {
  const all: number[] = Object.values(ROLE);
  return featureLevel >= 60 ? all : all.filter((r) => r !== ROLE.moderator);
}

function isOnlyOwner(state: ServerState, target: UserRecord): boolean {
  return !state.activeUsers().some((u) => u.role === ROLE.owner && u.user_id !== target.user_id);
}

/** Moves the user to the new role's system group and tells everyone (upstream's events). */
function changeRole(ctx: ServerContext, target: UserRecord, role: number): void {
  const { state } = ctx;
  const audience = state.activeUserIds();
  const before = state.systemGroup(ROLE_GROUP[target.role] ?? '');
  const after = state.systemGroup(ROLE_GROUP[role] ?? '');
  target.role = role;
  ctx.events.emit(audience, {
    type: 'realm_user',
    op: 'update',
    person: { user_id: target.user_id, role },
  });
  if (before?.members.delete(target.user_id)) {
    ctx.events.emit(audience, {
      type: 'user_group',
      op: 'remove_members',
      group_id: before.id,
      user_ids: [target.user_id],
    });
  }
  if (after && !after.members.has(target.user_id)) {
    after.members.add(target.user_id);
    ctx.events.emit(audience, {
      type: 'user_group',
      op: 'add_members',
      group_id: after.id,
      user_ids: [target.user_id],
    });
  }
}

/**
 * The account authenticates again and rejoins the user groups it left on deactivation, with
 * an add_members event for each (upstream's get-events, user_group add_members: "also sent
 * when reactivating a user for all the user groups the reactivated user was a member of
 * before being deactivated", FL 303). Of the role system groups, only its current role's.
 */
function reactivateUser(ctx: ServerContext, target: UserRecord): void {
  const { state } = ctx;
  target.is_active = true;
  const audience = state.activeUserIds();
  if (state.featureLevel >= 222) {
    ctx.events.emit(audience, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.user_id, is_active: true },
    });
  } else {
    ctx.events.emit(audience, {
      type: 'realm_user',
      op: 'add',
      person: { user_id: target.user_id, full_name: target.full_name, email: target.email },
    });
  }
  const roleGroup = state.systemGroup(ROLE_GROUP[target.role] ?? '');
  const rejoin = new Set<number>(roleGroup ? [roleGroup.id] : []);
  for (const id of target.groups_before_deactivation ?? []) {
    const group = state.userGroups.get(id);
    if (group && !group.is_system_group) rejoin.add(id);
  }
  target.groups_before_deactivation = undefined;
  for (const id of rejoin) {
    const group = state.userGroups.get(id);
    if (!group || group.members.has(target.user_id)) continue;
    group.members.add(target.user_id);
    ctx.events.emit(audience, {
      type: 'user_group',
      op: 'add_members',
      group_id: id,
      user_ids: [target.user_id],
    });
  }
}
