/**
 * Creating and editing user groups: POST /user_groups/create, PATCH /user_groups/{id}
 * (reactivation with deactivated=false from FL 386) and POST /user_groups/{id}/deactivate
 * (FL 290). Each change tells every user through a user_group event.
 */
import { nowSeconds } from '../context.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { addUserGroup } from '../state/factory.ts';
import { defaultGroupSettings, presentUserGroup } from '../state/present.ts';
import type { ServerState } from '../state/state.ts';
import type { GroupSettingValue, UserGroupRecord, UserRecord } from '../state/types.ts';
import { GROUP_PERMISSION_LEVELS, type GroupPermission } from '../../lib/wire/group-permissions.ts';
import { ROLE } from '../state/types.ts';
import { inSetting, readGroupSetting } from './group-setting.ts';

const MAX_NAME = 100;

export function register(router: Router): void {
  router.post('/user_groups/create', createGroup);
  router.patch('/user_groups/{user_group_id}', updateGroup);
  router.post('/user_groups/{user_group_id}/deactivate', deactivateGroup, { sinceLevel: 290 });
}

function createGroup({ ctx, user, params }: RouteRequest) {
  const { state } = ctx;
  if (user.role === ROLE.guest || user.is_bot) throw badRequest('Insufficient permission');
  const name = groupName(ctx, params.string('name'));
  const description = params.string('description');
  const members = params.intList('members');
  for (const id of members)
    if (!state.users.get(id)?.is_active) throw badRequest(`Invalid user ID: ${id}`);
  const subgroups = state.featureLevel >= 311 ? (params.optIntList('subgroups') ?? []) : [];
  for (const id of subgroups) if (!state.userGroups.has(id)) throw badRequest('Invalid user group');
  const group = addUserGroup(state, {
    name,
    description,
    members,
    subgroups,
    date_created: nowSeconds(ctx),
    creator_id: user.user_id,
  });
  group.settings = readSettings(state, params, group);
  ctx.events.emit(state.activeUserIds(), {
    type: 'user_group',
    op: 'add',
    group: presentUserGroup(state, group),
  });
  return { group_id: group.id };
}

function updateGroup(req: RouteRequest) {
  const { ctx, params } = req;
  const { state } = ctx;
  const group = editableGroup(req);
  const data: Record<string, unknown> = {};
  const name = params.optString('name');
  if (name !== undefined && name !== group.name) data.name = groupName(ctx, name);
  const description = params.optString('description');
  if (description !== undefined && description !== group.description)
    data.description = description;
  const deactivated = state.featureLevel >= 386 ? params.optBool('deactivated') : undefined;
  if (deactivated === true) throw invalid('deactivated', 'can only be false here');
  if (deactivated === false && group.deactivated) data.deactivated = false;
  if (group.deactivated && state.featureLevel < 340 && Object.keys(data).some((k) => k !== 'name'))
    throw badRequest('You can only change name of deactivated user groups');
  const settings = readSettings(state, params, group);
  Object.assign(data, settings);
  if (Object.keys(data).length === 0 && !anySettingGiven(state, params))
    throw badRequest('No new data supplied');

  if (typeof data.name === 'string') group.name = data.name;
  if (typeof data.description === 'string') group.description = data.description;
  if (data.deactivated === false) group.deactivated = false;
  group.settings = { ...group.settings, ...settings };
  if (Object.keys(data).length > 0)
    ctx.events.emit(
      state.activeUserIds(),
      { type: 'user_group', op: 'update', group_id: group.id, data },
      forClientsWithoutDeactivated(state, group, data.deactivated === false),
    );
  return {};
}

/**
 * What a client without include_deactivated_groups is told of a change to `group`: nothing
 * while it stays deactivated (upstream's register-queue: "no update event ... if a
 * deactivated user group is renamed"), the whole group once it is active again, since such
 * a client was told it was removed; for an active group, the update like everyone.
 */
function forClientsWithoutDeactivated(
  state: ServerState,
  group: UserGroupRecord,
  reactivated: boolean,
): Record<string, unknown> | null | undefined {
  if (reactivated) return { type: 'user_group', op: 'add', group: presentUserGroup(state, group) };
  return group.deactivated ? null : undefined;
}

function deactivateGroup(req: RouteRequest) {
  const { ctx } = req;
  const { state } = ctx;
  const group = editableGroup(req);
  if (group.deactivated) throw badRequest('User group is already deactivated.');
  if (usedBySetting(state, group.id))
    throw badRequest('Cannot deactivate user group in use.', {
      objections: [{ type: 'permission', id: group.id }],
    });
  group.deactivated = true;
  // Upstream's get-events: the update goes to clients with include_deactivated_groups,
  // a `remove` "when a user group is deactivated but only to clients with
  // include_deactivated_groups client capability set to false".
  ctx.events.emit(
    state.activeUserIds(),
    { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } },
    { type: 'user_group', op: 'remove', group_id: group.id },
  );
  return {};
}

/** The group, if the caller may manage it (spec section 5 gates, upstream can_manage_group). */
function editableGroup(req: RouteRequest): UserGroupRecord {
  const { state } = req.ctx;
  const group = state.userGroups.get(req.pathInt('user_group_id'));
  if (!group) throw badRequest('Invalid user group');
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (!mayManage(state, req.user, group)) throw badRequest('Insufficient permission');
  return group;
}

function mayManage(state: ServerState, u: UserRecord, group: UserGroupRecord): boolean {
  if (u.role <= ROLE.admin) return true;
  if (u.role === ROLE.guest) return false;
  const manage =
    group.settings?.can_manage_group ?? defaultGroupSettings(state, group).can_manage_group;
  return inSetting(state, u.user_id, manage);
}

/** Permission settings the request names, for the feature level, checked against their old values. */
function readSettings(
  state: ServerState,
  params: Params,
  group: UserGroupRecord,
): Partial<Record<GroupPermission, ReturnType<typeof readGroupSetting>>> {
  const out: Partial<Record<GroupPermission, ReturnType<typeof readGroupSetting>>> = {};
  const defaults = defaultGroupSettings(state, group);
  for (const [name, level] of Object.entries(GROUP_PERMISSION_LEVELS) as [
    GroupPermission,
    number,
  ][]) {
    if (state.featureLevel < level || !params.has(name)) continue;
    const current = group.settings?.[name] ?? defaults[name];
    out[name] = readGroupSetting(state, name, params.json(name), current);
  }
  return out;
}

function anySettingGiven(state: ServerState, params: Params): boolean {
  return Object.entries(GROUP_PERMISSION_LEVELS).some(
    ([name, level]) => state.featureLevel >= level && params.has(name),
  );
}

/**
 * Upstream refuses to deactivate a group that a channel, group or organization setting
 * still names.
 */
function usedBySetting(state: ServerState, groupId: number): boolean {
  const { can_invite_users_group: invite, create_multiuse_invite_group: links } = state.realm;
  if ([invite, links].some((v) => names(v, groupId))) return true;
  for (const c of state.channels.values())
    if (!c.is_archived && c.can_remove_subscribers_group === groupId) return true;
  for (const g of state.userGroups.values()) {
    if (g.id === groupId || g.deactivated) continue;
    for (const v of Object.values(g.settings ?? {})) if (names(v, groupId)) return true;
  }
  return false;
}

function names(value: GroupSettingValue, groupId: number): boolean {
  return (
    value === groupId || (typeof value === 'object' && value.direct_subgroups.includes(groupId))
  );
}

function groupName(ctx: ServerContext, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('User group name cannot be empty.');
  if ([...name].length > MAX_NAME)
    throw badRequest(`User group name cannot exceed ${MAX_NAME} characters.`);
  if (name.startsWith('role:')) throw badRequest("User group name cannot start with 'role:'.");
  for (const g of ctx.state.userGroups.values())
    if (g.name.toLowerCase() === name.toLowerCase())
      throw badRequest(`User group '${name}' already exists.`);
  return name;
}
