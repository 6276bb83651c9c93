/** The event queue (spec 4.2, section 6): register, long-poll, release. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';
import { getEventsResponse, type GetEventsResponse } from '../schemas/event.ts';
import { registerResponse, type RegisterResponse } from '../schemas/register.ts';
import type { Narrow } from './narrow.ts';

export interface ClientCapabilities {
  notification_settings_null?: boolean;
  bulk_message_deletion?: boolean;
  user_avatar_url_field_optional?: boolean;
  user_settings_object?: boolean;
  empty_topic_name?: boolean;
  stream_typing_notifications?: boolean;
}

export interface RegisterParams {
  event_types?: readonly string[];
  fetch_event_types?: readonly string[];
  apply_markdown?: boolean;
  client_gravatar?: boolean;
  include_subscribers?: boolean | 'partial';
  narrow?: Narrow;
  all_public_streams?: boolean;
  slim_presence?: boolean;
  client_capabilities?: ClientCapabilities;
}

/** API-NOTES.md POST /register; teaches the client the feature level and long-poll timeout. */
export async function register(
  client: ApiClient,
  params: RegisterParams = {},
  signal?: AbortSignal,
): Promise<ApiResult<RegisterResponse>> {
  const result = await client.call({
    method: 'POST',
    path: '/register',
    endpoint: 'POST /register',
    schema: registerResponse,
    params: { ...params },
    signal,
  });
  client.learnFeatureLevel(result.data.service_feature_level);
  client.learnLongPollTimeout(result.data.event_queue_longpoll_timeout_seconds);
  return result;
}

export interface GetEventsParams {
  queue_id: string;
  last_event_id?: number;
  dont_block?: boolean;
}

/**
 * Spec 4.2 GET /events. Blocks on its own connection for up to the server's long-poll
 * timeout plus a margin; BAD_EVENT_QUEUE_ID arrives as BadEventQueueIdError.
 */
export function getEvents(
  client: ApiClient,
  params: GetEventsParams,
  signal?: AbortSignal,
): Promise<ApiResult<GetEventsResponse>> {
  return client.call({
    method: 'GET',
    path: '/events',
    endpoint: 'GET /events',
    schema: getEventsResponse,
    params: { ...params },
    longPoll: params.dont_block !== true,
    signal,
  });
}

/** API-NOTES.md DELETE /events: releases a queue. */
export function deleteQueue(
  client: ApiClient,
  queueId: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: '/events',
    endpoint: 'DELETE /events',
    schema: emptyResponse,
    params: { queue_id: queueId },
    signal,
  });
}
