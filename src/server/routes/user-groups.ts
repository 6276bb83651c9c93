/**
 * GET /user_groups, GET /user_groups/{id}/members, GET /user_groups/{id}/members/{user_id}
 * (spec 4.18) and POST /user_groups/{id}/members (spec 4.15).
 */
import { badRequest } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import type { ServerState } from '../state/state.ts';
import { presentUserGroup } from '../state/present.ts';
import type { UserGroupRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { requireHumanBefore, userById } from './gates.ts';

export function register(router: Router): void {
  router.get('/user_groups', ({ ctx, params }) => {
    const includeDeactivated = params.optBool('include_deactivated_groups') ?? false;
    const groups = [...ctx.state.userGroups.values()].filter(
      (g) => includeDeactivated || !g.deactivated,
    );
    return { user_groups: groups.map((g) => presentUserGroup(ctx.state, g)) };
  });

  router.get('/user_groups/{user_group_id}/members', (req) => {
    const group = groupById(req.ctx.state, req.pathInt('user_group_id'));
    const directOnly = req.params.optBool('direct_member_only') ?? false;
    return { members: sorted(req.ctx.state.groupMembers(group.id, directOnly)) };
  });

  router.get('/user_groups/{user_group_id}/members/{user_id}', (req) => {
    const { state } = req.ctx;
    requireHumanBefore(req, 496);
    const group = groupById(state, req.pathInt('user_group_id'));
    const target = userById(state, req.pathInt('user_id'));
    if (target.is_bot && state.featureLevel < 458) throw badRequest('No such user');
    const directOnly = req.params.optBool('direct_member_only') ?? false;
    return { is_user_group_member: state.groupMembers(group.id, directOnly).has(target.user_id) };
  });

  router.post('/user_groups/{user_group_id}/members', updateMembers);
}

function updateMembers(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  requireHumanBefore(req, 496);
  const group = groupById(state, req.pathInt('user_group_id'));
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (group.deactivated && state.featureLevel < 391)
    throw badRequest('You can not modify a deactivated user group');
  if (!canManage(state, user.user_id, group)) throw badRequest('Insufficient permission');
  const add = params.optIntList('add') ?? [];
  const remove = params.optIntList('delete') ?? [];
  const subgroupParams = state.featureLevel >= 311;
  const addSub = subgroupParams ? (params.optIntList('add_subgroups') ?? []) : [];
  const removeSub = subgroupParams ? (params.optIntList('delete_subgroups') ?? []) : [];

  for (const id of [...add, ...remove]) {
    const u = state.users.get(id);
    if (!u?.is_active) throw badRequest(`Invalid user ID: ${id}`);
  }
  for (const id of add)
    if (group.members.has(id)) throw badRequest(`User ${id} is already a member of this group`);
  for (const id of remove)
    if (!group.members.has(id)) throw badRequest(`There is no member '${id}' in this user group`);
  for (const id of [...addSub, ...removeSub])
    if (!state.userGroups.has(id)) throw badRequest(`Invalid user group ID: ${id}`);
  for (const id of addSub) {
    if (group.subgroups.has(id))
      throw badRequest(`User group ${id} is already a subgroup of this group.`);
    if (id === group.id || containsGroup(state, id, group.id))
      throw badRequest('User group cycle detected');
  }
  for (const id of removeSub)
    if (!group.subgroups.has(id))
      throw badRequest(`User group ${id} is not a subgroup of this group.`);

  for (const id of add) group.members.add(id);
  for (const id of remove) group.members.delete(id);
  for (const id of addSub) group.subgroups.add(id);
  for (const id of removeSub) group.subgroups.delete(id);

  const everyone = state.activeUserIds();
  const emit = (op: string, field: string, ids: number[]) => {
    if (ids.length > 0)
      ctx.events.emit(everyone, { type: 'user_group', op, group_id: group.id, [field]: ids });
  };
  emit('add_members', 'user_ids', add);
  emit('remove_members', 'user_ids', remove);
  emit('add_subgroups', 'direct_subgroup_ids', addSub);
  emit('remove_subgroups', 'direct_subgroup_ids', removeSub);
  return {};
}

/** Administrators, the group's creator and its members manage a group. */
function canManage(state: ServerState, userId: number, group: UserGroupRecord): boolean {
  const u = state.users.get(userId);
  if (!u) return false;
  return (
    u.role <= ROLE.admin || group.creator_id === userId || state.groupMembers(group.id).has(userId)
  );
}

/** Whether `needle` is `haystack` or nested anywhere below it. */
function containsGroup(state: ServerState, haystack: number, needle: number): boolean {
  const seen = new Set<number>();
  const stack = [haystack];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === needle) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const sub of state.userGroups.get(id)?.subgroups ?? []) stack.push(sub);
  }
  return false;
}

function groupById(state: ServerState, id: number): UserGroupRecord {
  const g = state.userGroups.get(id);
  if (!g) throw badRequest('Invalid user group');
  return g;
}

function sorted(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}
