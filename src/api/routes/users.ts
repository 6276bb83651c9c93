/** Users of the organization (spec 2.1). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import {
  createUserResponse,
  getOwnUserResponse,
  getUserResponse,
  getUsersResponse,
} from '../schemas/user.ts';

export interface GetUsersParams {
  client_gravatar?: boolean;
  include_custom_profile_fields?: boolean;
}

/** GET /users (docs/api-notes.md "Other endpoints"). */
export function getUsers(
  client: ApiClient,
  params: GetUsersParams = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUsersResponse>>> {
  return client.call({
    method: 'GET',
    path: '/users',
    endpoint: 'GET /users',
    schema: getUsersResponse,
    params: { ...params },
    signal,
  });
}

/** GET /users/me (docs/api-notes.md "Other endpoints"). */
export function getOwnUser(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getOwnUserResponse>>> {
  return client.call({
    method: 'GET',
    path: '/users/me',
    endpoint: 'GET /users/me',
    schema: getOwnUserResponse,
    signal,
  });
}

/** Spec 4.4 GET /users/{user_id}. */
export function getUser(
  client: ApiClient,
  userId: number,
  params: GetUsersParams = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserResponse>>> {
  return client.call({
    method: 'GET',
    path: `/users/${pathSegment(userId)}`,
    endpoint: 'GET /users/{user_id}',
    schema: getUserResponse,
    params: { ...params },
    signal,
  });
}

/** Spec 4.14 POST /users (administrators with can_create_users). */
export function createUser(
  client: ApiClient,
  params: { email: string; password: string; full_name: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createUserResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users',
    endpoint: 'POST /users',
    schema: createUserResponse,
    params,
    signal,
  });
}

/** Upstream update-user PATCH /users/{user_id}, role only; the role parameter is FL 8. */
export function updateUserRole(
  client: ApiClient,
  userId: number,
  role: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  // Moderators (300) exist since FL 60: an older server must not be sent that role.
  return client.callSince(role === 300 ? 'the moderator role' : 'role', role === 300 ? 60 : 8, {
    method: 'PATCH',
    path: `/users/${pathSegment(userId)}`,
    endpoint: 'PATCH /users/{user_id}',
    schema: emptyResponse,
    params: { role },
    signal,
  });
}

/** A custom profile field's new value: text, a "Users" field's ids, or null to clear it. */
export interface ProfileDataUpdate {
  id: number;
  value: string | readonly number[] | null;
}

export interface UpdateUserParams {
  full_name?: string;
  profile_data?: readonly ProfileDataUpdate[];
}

/**
 * Upstream update-user PATCH /users/{user_id} with a new name and custom profile field
 * values (administrators). full_name is sent as plain text since FL 106, JSON text before.
 */
export async function updateUser(
  client: ApiClient,
  userId: number,
  params: UpdateUserParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const plainName = (await client.featureLevel()) >= 106;
  const fullName = params.full_name;
  return client.call({
    method: 'PATCH',
    path: `/users/${pathSegment(userId)}`,
    endpoint: 'PATCH /users/{user_id}',
    schema: emptyResponse,
    params: {
      ...(fullName !== undefined
        ? { full_name: plainName ? fullName : JSON.stringify(fullName) }
        : {}),
      ...(params.profile_data !== undefined ? { profile_data: params.profile_data } : {}),
    },
    signal,
  });
}

/** Upstream deactivate-user DELETE /users/{user_id} (administrators). */
export function deactivateUser(
  client: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/users/${pathSegment(userId)}`,
    endpoint: 'DELETE /users/{user_id}',
    schema: emptyResponse,
    signal,
  });
}

/**
 * Upstream deactivate-bot DELETE /bots/{bot_id} (administrators and the bot's owner): the
 * user endpoint above refuses bots.
 */
export function deactivateBot(
  client: ApiClient,
  botId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/bots/${pathSegment(botId)}`,
    endpoint: 'DELETE /bots/{bot_id}',
    schema: emptyResponse,
    signal,
  });
}

/** Upstream reactivate-user POST /users/{user_id}/reactivate (administrators). */
export function reactivateUser(
  client: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: `/users/${pathSegment(userId)}/reactivate`,
    endpoint: 'POST /users/{user_id}/reactivate',
    schema: emptyResponse,
    signal,
  });
}
