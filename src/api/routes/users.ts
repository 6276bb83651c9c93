/** Users of the organization (spec 2.1). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
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

/** API-NOTES.md GET /users. */
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

/** API-NOTES.md GET /users/me. */
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
