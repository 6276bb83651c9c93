/** User groups and their membership (spec 2.7). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import {
  getUserGroupMembersResponse,
  getUserGroupsResponse,
  userGroupMembershipResponse,
} from '../schemas/user-group.ts';

/** API-NOTES.md GET /user_groups. */
export function getUserGroups(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserGroupsResponse>>> {
  return client.call({
    method: 'GET',
    path: '/user_groups',
    endpoint: 'GET /user_groups',
    schema: getUserGroupsResponse,
    signal,
  });
}

/** API-NOTES.md GET /user_groups/{user_group_id}/members. */
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
