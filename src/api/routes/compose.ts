/** What compose asks besides sending: a channel's topics and a message's preview. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { renderMessageResponse, streamTopicsResponse } from '../schemas/compose.ts';

/** The empty topic "" is listed as such (not under the realm's display name) from this level. */
const EMPTY_TOPIC_LEVEL = 334;

/** Upstream get-stream-topics: GET /users/me/{stream_id}/topics, newest first. */
export async function getStreamTopics(
  client: ApiClient,
  streamId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof streamTopicsResponse>>> {
  const level = await client.featureLevel(signal);
  return client.call({
    method: 'GET',
    path: `/users/me/${pathSegment(streamId)}/topics`,
    endpoint: 'GET /users/me/{stream_id}/topics',
    schema: streamTopicsResponse,
    params: level >= EMPTY_TOPIC_LEVEL ? { allow_empty_topic_name: true } : {},
    signal,
  });
}

/** Upstream render-message: POST /messages/render. */
export async function renderMessage(
  client: ApiClient,
  content: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof renderMessageResponse>>> {
  return client.call({
    method: 'POST',
    path: '/messages/render',
    endpoint: 'POST /messages/render',
    schema: renderMessageResponse,
    params: { content },
    signal,
  });
}
