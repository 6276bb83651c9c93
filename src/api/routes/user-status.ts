/** User status (upstream's "update-status", "get-user-status", "update-status-for-user" pages). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { getUserStatusResponse } from '../schemas/presence.ts';

export const USER_STATUS_EMOJI_LEVEL = 86;
export const GET_USER_STATUS_LEVEL = 262;
export const UPDATE_STATUS_FOR_USER_LEVEL = 407;

/** Only the fields passed change; empty strings clear. */
export interface StatusChange {
  status_text?: string;
  /** Deprecated: since FL 148 the same as `presence_enabled: !away`. */
  away?: boolean;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** Upstream "update-status": POST /users/me/status. */
export function updateStatus(
  client: ApiClient,
  change: StatusChange,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users/me/status',
    endpoint: 'POST /users/me/status',
    schema: emptyResponse,
    params: { ...change },
    signal,
  });
}

/** Upstream "get-user-status": GET /users/{user_id}/status (FL 262). */
export function getUserStatus(
  client: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserStatusResponse>>> {
  return client.callSince("reading a user's status", GET_USER_STATUS_LEVEL, {
    method: 'GET',
    path: `/users/${pathSegment(userId)}/status`,
    endpoint: 'GET /users/{user_id}/status',
    schema: getUserStatusResponse,
    signal,
  });
}

/** Upstream "update-status-for-user": POST /users/{user_id}/status, administrators only (FL 407). */
export function updateStatusForUser(
  client: ApiClient,
  userId: number,
  change: Omit<StatusChange, 'away'>,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince("setting another user's status", UPDATE_STATUS_FOR_USER_LEVEL, {
    method: 'POST',
    path: `/users/${pathSegment(userId)}/status`,
    endpoint: 'POST /users/{user_id}/status',
    schema: emptyResponse,
    params: { ...change },
    signal,
  });
}
