/** User groups and their membership (spec 2.7). */
import {
  GROUP_PERMISSION_LEVELS,
  type GroupPermission,
  type GroupSettingValue,
} from '../../lib/wire/group-permissions.ts';
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import {
  createUserGroupResponse,
  getUserGroupMembersResponse,
  getUserGroupsResponse,
  userGroupMembershipResponse,
} from '../schemas/user-group.ts';

/** GET /user_groups (docs/api-notes.md "Other endpoints"). */
export function getUserGroups(
  client: ApiClient,
  params: { include_deactivated_groups?: boolean } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserGroupsResponse>>> {
  return client.call({
    method: 'GET',
    path: '/user_groups',
    endpoint: 'GET /user_groups',
    schema: getUserGroupsResponse,
    params: { ...params },
    signal,
  });
}

/** GET /user_groups/{user_group_id}/members (docs/api-notes.md "Other endpoints"). */
export function getUserGroupMembers(
  client: ApiClient,
  groupId: number,
  params: { direct_member_only?: boolean } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserGroupMembersResponse>>> {
  return client.call({
    method: 'GET',
    path: `/user_groups/${pathSegment(groupId)}/members`,
    endpoint: 'GET /user_groups/{user_group_id}/members',
    schema: getUserGroupMembersResponse,
    params: { ...params },
    signal,
  });
}

/** Spec 4.18 GET /user_groups/{user_group_id}/members/{user_id}. */
export function isUserGroupMember(
  client: ApiClient,
  groupId: number,
  userId: number,
  params: { direct_member_only?: boolean } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof userGroupMembershipResponse>>> {
  return client.call({
    method: 'GET',
    path: `/user_groups/${pathSegment(groupId)}/members/${pathSegment(userId)}`,
    endpoint: 'GET /user_groups/{user_group_id}/members/{user_id}',
    schema: userGroupMembershipResponse,
    params: { ...params },
    signal,
  });
}

export interface UpdateMembersParams {
  add?: readonly number[];
  delete?: readonly number[];
  /** FL 311. */
  add_subgroups?: readonly number[];
  /** FL 311. */
  delete_subgroups?: readonly number[];
}

const UPDATE_MEMBERS = 'POST /user_groups/{user_group_id}/members';

/** Spec 4.15 POST /user_groups/{user_group_id}/members. */
export async function updateUserGroupMembers(
  client: ApiClient,
  groupId: number,
  params: UpdateMembersParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  if (params.add_subgroups !== undefined || params.delete_subgroups !== undefined) {
    await client.requireFeatureLevel(UPDATE_MEMBERS, 'add_subgroups/delete_subgroups', 311, signal);
  }
  return client.call({
    method: 'POST',
    path: `/user_groups/${pathSegment(groupId)}/members`,
    endpoint: UPDATE_MEMBERS,
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}

/** An update to a group-setting value; `old` makes a stale save fail instead of overwriting. */
export interface GroupSettingUpdate {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

export { GROUP_PERMISSION_LEVELS, type GroupPermission, type GroupSettingValue };

export interface CreateUserGroupParams {
  name: string;
  description: string;
  members: readonly number[];
}

/** Upstream create-user-group: POST /user_groups/create. */
export function createUserGroup(
  client: ApiClient,
  params: CreateUserGroupParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createUserGroupResponse>>> {
  return client.call({
    method: 'POST',
    path: '/user_groups/create',
    endpoint: 'POST /user_groups/create',
    schema: createUserGroupResponse,
    params: { ...params },
    signal,
  });
}

export interface UpdateUserGroupParams {
  name?: string;
  description?: string;
  /** FL 386: only false (reactivate). */
  deactivated?: false;
  settings?: Partial<Record<GroupPermission, GroupSettingUpdate>>;
}

const UPDATE_GROUP = 'PATCH /user_groups/{user_group_id}';

/** Upstream update-user-group: PATCH /user_groups/{user_group_id}. */
export async function updateUserGroup(
  client: ApiClient,
  groupId: number,
  { settings = {}, ...params }: UpdateUserGroupParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  if (params.deactivated !== undefined)
    await client.requireFeatureLevel(UPDATE_GROUP, 'reactivating user groups', 386, signal);
  for (const name of Object.keys(settings) as GroupPermission[])
    await client.requireFeatureLevel(UPDATE_GROUP, name, GROUP_PERMISSION_LEVELS[name], signal);
  return client.call({
    method: 'PATCH',
    path: `/user_groups/${pathSegment(groupId)}`,
    endpoint: UPDATE_GROUP,
    schema: emptyResponse,
    params: { ...params, ...settings },
    signal,
  });
}

/** Upstream deactivate-user-group: POST /user_groups/{user_group_id}/deactivate (FL 290). */
export function deactivateUserGroup(
  client: ApiClient,
  groupId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('deactivating user groups', 290, {
    method: 'POST',
    path: `/user_groups/${pathSegment(groupId)}/deactivate`,
    endpoint: 'POST /user_groups/{user_group_id}/deactivate',
    schema: emptyResponse,
    signal,
  });
}
