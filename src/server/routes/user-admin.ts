/**
 * Upstream update-user (PATCH /users/{user_id}, the role part), deactivate-user
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

const OWNER_REQUIRED = 'Must be an organization owner';

export function register(router: Router): void {
  router.patch('/users/{user_id}', (req) => {
    const { ctx, user } = req;
    requireAdmin(user);
    const target = userById(ctx.state, req.pathInt('user_id'));
    const role = req.params.optInt('role');
    if (role === undefined || role === target.role) return {};
    if (!validRoles(ctx.state.featureLevel).includes(role)) throw badRequest('Invalid role');
    if ((role === ROLE.owner || target.role === ROLE.owner) && user.role !== ROLE.owner) {
      throw unauthorizedPrincipal(OWNER_REQUIRED);
    }
    if (target.role === ROLE.owner && isOnlyOwner(ctx.state, target)) {
      throw badRequest('The owner permission cannot be removed from the only organization owner.');
    }
    changeRole(ctx, target, role);
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
 * The account authenticates again and rejoins its role's system group; the groups it left
 * on deactivation are not restored (spec section 3 removes them).
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
  if (roleGroup && !roleGroup.members.has(target.user_id)) {
    roleGroup.members.add(target.user_id);
    ctx.events.emit(audience, {
      type: 'user_group',
      op: 'add_members',
      group_id: roleGroup.id,
      user_ids: [target.user_id],
    });
  }
}
