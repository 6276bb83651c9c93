/** Messages: fetching, sending and flags. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import {
  CURRENT_MESSAGE_SHAPE_LEVEL,
  anyLevelGetMessagesResponse,
  getMessagesResponse,
  sendMessageResponse,
  updateFlagsResponse,
  type GetMessagesResponse,
} from '../schemas/message.ts';
import type { Narrow } from './narrow.ts';

export type Anchor = number | 'newest' | 'oldest' | 'first_unread' | 'date';

export interface GetMessagesParams {
  anchor?: Anchor;
  include_anchor?: boolean;
  /** ISO 8601; used with anchor `date`. */
  anchor_date?: string;
  num_before?: number;
  num_after?: number;
  narrow?: Narrow;
  client_gravatar?: boolean;
  apply_markdown?: boolean;
  message_ids?: readonly number[];
  allow_empty_topic_name?: boolean;
}

const GET_MESSAGES = 'GET /messages';

/** Spec 4.5 GET /messages. */
export async function getMessages(
  client: ApiClient,
  params: GetMessagesParams,
  signal?: AbortSignal,
): Promise<ApiResult<GetMessagesResponse>> {
  if (params.message_ids !== undefined) {
    await client.requireFeatureLevel(GET_MESSAGES, 'message_ids', 300, signal);
  }
  if (params.anchor === 'date') {
    await client.requireFeatureLevel(GET_MESSAGES, 'anchor "date"', 445, signal);
  }
  if (params.allow_empty_topic_name !== undefined) {
    await client.requireFeatureLevel(GET_MESSAGES, 'allow_empty_topic_name', 334, signal);
  }
  // An older server's message shapes are rewritten; a current one's keep the fast path.
  const current = (await client.featureLevel(signal)) >= CURRENT_MESSAGE_SHAPE_LEVEL;
  const schema: z.ZodType<GetMessagesResponse> = current
    ? getMessagesResponse
    : anyLevelGetMessagesResponse;
  return client.call({
    method: 'GET',
    path: '/messages',
    endpoint: GET_MESSAGES,
    schema,
    params: { ...params },
    signal,
  });
}

export type SendMessageParams =
  | { type: 'stream'; to: string | number; topic: string; content: string }
  | { type: 'direct'; to: readonly number[]; content: string };

/** API-NOTES.md POST /messages. */
export function sendMessage(
  client: ApiClient,
  params: SendMessageParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof sendMessageResponse>>> {
  return client.call({
    method: 'POST',
    path: '/messages',
    endpoint: 'POST /messages',
    schema: sendMessageResponse,
    params,
    signal,
  });
}

export interface UpdateFlagsParams {
  messages: readonly number[];
  op: 'add' | 'remove';
  flag: string;
}

/** API-NOTES.md POST /messages/flags. */
export function updateMessageFlags(
  client: ApiClient,
  params: UpdateFlagsParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof updateFlagsResponse>>> {
  return client.call({
    method: 'POST',
    path: '/messages/flags',
    endpoint: 'POST /messages/flags',
    schema: updateFlagsResponse,
    params: { ...params },
    signal,
  });
}
