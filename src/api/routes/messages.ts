/** Messages: fetching, sending, editing, moving, deleting and flags. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import {
  CURRENT_MESSAGE_SHAPE_LEVEL,
  anyLevelGetMessagesResponse,
  getMessageResponse,
  getMessagesResponse,
  sendMessageResponse,
  updateFlagsForNarrowResponse,
  updateFlagsResponse,
  type GetMessagesResponse,
} from '../schemas/message.ts';
import { emptyResponse } from '../schemas/common.ts';
import type { Narrow, NarrowTerm } from './narrow.ts';

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
/** Upstream's GET /messages dates include_anchor to this level; older servers ignore it. */
const INCLUDE_ANCHOR_LEVEL = 155;

/** Operators a server learned at a level, with the name it knew them by before. */
const OPERATOR_RENAMES: readonly { current: string; older: string; since: number }[] = [
  { current: 'dm', older: 'pm-with', since: 177 },
  { current: 'dm-including', older: 'group-pm-with', since: 177 },
  // Upstream's changelog dates these to FL 250; the reference files do not (the FL 247
  // changelog ends before it, the FL 420 document gives no level), so this is its word.
  { current: 'channel', older: 'stream', since: 250 },
  { current: 'channels', older: 'streams', since: 250 },
];
/** `is:dm` arrived with the `dm` operator; `is:private` is its older name. */
const IS_DM_LEVEL = 177;
/** Before this level an `id` operand had to be the id as a string. */
const INTEGER_ID_OPERAND_LEVEL = 194;

function termForLevel(term: NarrowTerm, level: number): NarrowTerm {
  const [operator, operand] = 'operator' in term ? [term.operator, term.operand] : term;
  const rename = OPERATOR_RENAMES.find((r) => r.current === operator && level < r.since);
  let wireOperand = operand;
  if (operator === 'is' && operand === 'dm' && level < IS_DM_LEVEL) wireOperand = 'private';
  const stringOnly = operator === 'near' || (operator === 'id' && level < INTEGER_ID_OPERAND_LEVEL);
  if (stringOnly && typeof operand === 'number') wireOperand = String(operand);
  const wireOperator = rename?.older ?? operator;
  if ('operator' in term) return { ...term, operator: wireOperator, operand: wireOperand };
  return [wireOperator, wireOperand as string];
}

/**
 * The narrow as a server of this level reads it: an operator it does not know yet would be
 * refused, so it gets the older name, and an integer operand goes as text where that server
 * takes only text (`near` always, `id` before FL 194).
 */
export function narrowForLevel(narrow: Narrow, level: number): Narrow {
  return narrow.map((term) => termForLevel(term, level));
}

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
  const level = await client.featureLevel(signal);
  // An older server's message shapes are rewritten; a current one's keep the fast path.
  const schema: z.ZodType<GetMessagesResponse> =
    level >= CURRENT_MESSAGE_SHAPE_LEVEL ? getMessagesResponse : anyLevelGetMessagesResponse;
  const { narrow, include_anchor, ...rest } = params;
  const dropAnchor = include_anchor === false && level < INCLUDE_ANCHOR_LEVEL;
  const result = await client.call({
    method: 'GET',
    path: '/messages',
    endpoint: GET_MESSAGES,
    schema,
    params: {
      ...rest,
      ...(narrow ? { narrow: narrowForLevel(narrow, level) } : {}),
      ...(dropAnchor ? {} : { include_anchor }),
    },
    signal,
  });
  return dropAnchor ? withoutAnchor(result, params.anchor) : result;
}

/** What include_anchor=false would have returned, from an answer that has the anchor. */
function withoutAnchor(
  result: ApiResult<GetMessagesResponse>,
  anchor: Anchor | undefined,
): ApiResult<GetMessagesResponse> {
  const id = typeof anchor === 'number' ? anchor : result.data.anchor;
  const messages = result.data.messages.filter((m) => m.id !== id);
  return { ...result, data: { ...result.data, found_anchor: false, messages } };
}

/** `queue_id` and `local_id`: the sender's queue gets `local_message_id` in the message event. */
type LocalEcho = {
  queue_id?: string;
  local_id?: string;
};

export type SendMessageParams =
  | ({ type: 'stream'; to: string | number; topic: string; content: string } & LocalEcho)
  | ({ type: 'direct'; to: readonly number[]; content: string } & LocalEcho);

/** `direct` replaced `private` as the type of a direct message at this level. */
const DIRECT_TYPE_LEVEL = 174;

/** POST /messages (docs/api-notes.md "Other endpoints"). */
export async function sendMessage(
  client: ApiClient,
  params: SendMessageParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof sendMessageResponse>>> {
  const legacyDirect =
    params.type === 'direct' && (await client.featureLevel(signal)) < DIRECT_TYPE_LEVEL;
  return client.call({
    method: 'POST',
    path: '/messages',
    endpoint: 'POST /messages',
    schema: sendMessageResponse,
    params: legacyDirect ? { ...params, type: 'private' } : params,
    signal,
  });
}

export interface UpdateFlagsParams {
  messages: readonly number[];
  op: 'add' | 'remove';
  flag: string;
}

/** POST /messages/flags (docs/api-notes.md "Other endpoints"). */
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

/** Upstream GET /messages/{message_id}: the message and its Markdown source. */
export function getMessage(
  client: ApiClient,
  messageId: number,
  params: { apply_markdown?: boolean; allow_empty_topic_name?: boolean } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getMessageResponse>>> {
  return client.call({
    method: 'GET',
    path: `/messages/${messageId}`,
    endpoint: 'GET /messages/{message_id}',
    schema: getMessageResponse,
    params: { ...params },
    signal,
  });
}

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface UpdateMessageParams {
  content?: string;
  topic?: string;
  stream_id?: number;
  propagate_mode?: PropagateMode;
  send_notification_to_old_thread?: boolean;
  send_notification_to_new_thread?: boolean;
}

/** Upstream PATCH /messages/{message_id}: edit content, or move to a topic or channel. */
export function updateMessage(
  client: ApiClient,
  messageId: number,
  params: UpdateMessageParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'PATCH',
    path: `/messages/${messageId}`,
    endpoint: 'PATCH /messages/{message_id}',
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}

/** Upstream DELETE /messages/{message_id}. */
export function deleteMessage(
  client: ApiClient,
  messageId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/messages/${messageId}`,
    endpoint: 'DELETE /messages/{message_id}',
    schema: emptyResponse,
    signal,
  });
}

export interface UpdateFlagsForNarrowParams {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  include_anchor?: boolean;
  num_before: number;
  num_after: number;
  narrow: Narrow;
  op: 'add' | 'remove';
  flag: string;
}

/** Upstream POST /messages/flags/narrow (FL 155): a flag over a range of a narrow. */
export async function updateMessageFlagsForNarrow(
  client: ApiClient,
  params: UpdateFlagsForNarrowParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof updateFlagsForNarrowResponse>>> {
  const endpoint = 'POST /messages/flags/narrow';
  const level = await client.requireFeatureLevel(endpoint, 'flags for a narrow', 155, signal);
  return client.call({
    method: 'POST',
    path: '/messages/flags/narrow',
    endpoint,
    schema: updateFlagsForNarrowResponse,
    params: { ...params, narrow: narrowForLevel(params.narrow, level) },
    signal,
  });
}
