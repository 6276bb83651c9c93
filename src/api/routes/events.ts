/** The event queue (spec 4.2, section 6): register, long-poll, release. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';
import { getEventsResponse, type GetEventsResponse } from '../schemas/event.ts';
import { registerResponse, type RegisterResponse } from '../schemas/register.ts';
import {
  ICON_COUNT_RENUMBERED_AT,
  ICON_COUNT_SETTING,
  iconCountFromServer,
  withSpecIconCount,
} from '../icon-count.ts';
import type { Narrow } from './narrow.ts';

export interface ClientCapabilities {
  notification_settings_null?: boolean;
  bulk_message_deletion?: boolean;
  user_avatar_url_field_optional?: boolean;
  user_settings_object?: boolean;
  empty_topic_name?: boolean;
  stream_typing_notifications?: boolean;
  /** `presence` events in the modern format (upstream FL 419). */
  simplified_presence_events?: boolean;
  /** Deactivated user groups in realm_user_groups and their update events (upstream FL 294). */
  include_deactivated_groups?: boolean;
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

/**
 * POST /register (docs/api-notes.md "POST /register request"); teaches the client the
 * feature level and long-poll timeout.
 */
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
  const level = result.data.service_feature_level ?? 0;
  const data = {
    ...result.data,
    user_settings: withSpecIconCount(result.data.user_settings, level),
    realm_user_settings_defaults: withSpecIconCount(
      result.data.realm_user_settings_defaults,
      level,
    ),
  };
  return { ...result, data };
}

/** A setting event's value in the spec's numbering (see icon-count.ts). */
function withSpecEventValues(events: GetEventsResponse['events'], level: number) {
  return events.map((e) => {
    if (e.type === 'update_global_notifications' && e.notification_name === ICON_COUNT_SETTING) {
      return { ...e, setting: iconCountFromServer(e.setting, level) };
    }
    if (
      (e.type === 'user_settings' || e.type === 'realm_user_settings_defaults') &&
      e.property === ICON_COUNT_SETTING
    ) {
      return { ...e, value: iconCountFromServer(e.value, level) };
    }
    return e;
  }) as GetEventsResponse['events'];
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
export async function getEvents(
  client: ApiClient,
  params: GetEventsParams,
  signal?: AbortSignal,
): Promise<ApiResult<GetEventsResponse>> {
  const result = await client.call({
    method: 'GET',
    path: '/events',
    endpoint: 'GET /events',
    schema: getEventsResponse,
    params: { ...params },
    longPoll: params.dont_block !== true,
    signal,
  });
  // Known from register; a poll never asks the server for it.
  const level = await client.featureLevel(signal);
  if (level >= ICON_COUNT_RENUMBERED_AT) return result;
  return {
    ...result,
    data: { ...result.data, events: withSpecEventValues(result.data.events, level) },
  };
}

/** DELETE /events (docs/api-notes.md "Other endpoints"): releases a queue. */
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
