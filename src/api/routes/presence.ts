/** Presence (upstream's "update-presence", "get-presence", "get-user-presence" pages). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import {
  getRealmPresenceResponse,
  getUserPresenceResponse,
  updatePresenceResponse,
} from '../schemas/presence.ts';

/** `last_update_id` exists (and guarantees the modern format) from this level. */
export const PRESENCE_LAST_UPDATE_ID_LEVEL = 263;
/** `history_limit_days` exists from this level. */
export const PRESENCE_HISTORY_LIMIT_LEVEL = 288;

export interface UpdatePresenceParams {
  status: 'active' | 'idle';
  ping_only?: boolean;
  new_user_input?: boolean;
  /** Deprecated: for servers below PRESENCE_LAST_UPDATE_ID_LEVEL, to get the modern format. */
  slim_presence?: boolean;
  /** -1 for everything, then the last `presence_last_update_id` answered. */
  last_update_id?: number;
  history_limit_days?: number;
}

/** Upstream "update-presence": POST /users/me/presence. */
export function updatePresence(
  client: ApiClient,
  params: UpdatePresenceParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof updatePresenceResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users/me/presence',
    endpoint: 'POST /users/me/presence',
    schema: updatePresenceResponse,
    params: { ...params },
    signal,
  });
}

/** Upstream "get-presence": GET /realm/presence (legacy format, keyed by email). */
export function getRealmPresence(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getRealmPresenceResponse>>> {
  return client.call({
    method: 'GET',
    path: '/realm/presence',
    endpoint: 'GET /realm/presence',
    schema: getRealmPresenceResponse,
    signal,
  });
}

/** Upstream "get-user-presence": GET /users/{user_id_or_email}/presence. */
export function getUserPresence(
  client: ApiClient,
  userIdOrEmail: number | string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getUserPresenceResponse>>> {
  return client.call({
    method: 'GET',
    path: `/users/${pathSegment(userIdOrEmail)}/presence`,
    endpoint: 'GET /users/{user_id_or_email}/presence',
    schema: getUserPresenceResponse,
    signal,
  });
}
