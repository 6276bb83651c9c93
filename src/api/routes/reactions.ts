/** Emoji reactions on a message (spec 2.3). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { BadRequestError } from '../errors.ts';
import type { ApiError } from '../errors.ts';
import { emptyResponse } from '../schemas/common.ts';
import type { ReactionType } from '../schemas/message.ts';

export interface ReactionParams {
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: ReactionType;
}

/** POST /messages/{message_id}/reactions (docs/api-notes.md "Other endpoints"). */
export function addReaction(
  client: ApiClient,
  messageId: number,
  params: ReactionParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: `/messages/${pathSegment(messageId)}/reactions`,
    endpoint: 'POST /messages/{message_id}/reactions',
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}

/**
 * Before FL 193 a missing reaction was a plain BAD_REQUEST. The invalid-emoji case shares
 * that code, so only an error that does not mention the emoji is taken as the missing one.
 */
function legacyMissingReaction(error: ApiError): ApiError {
  if (!(error instanceof BadRequestError) || /emoji/i.test(error.msg)) return error;
  return error.withCode('REACTION_DOES_NOT_EXIST');
}

/** Spec 4.13 DELETE /messages/{message_id}/reactions. */
export async function removeReaction(
  client: ApiClient,
  messageId: number,
  params: ReactionParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const level = await client.featureLevel(signal);
  return client.call({
    method: 'DELETE',
    path: `/messages/${pathSegment(messageId)}/reactions`,
    endpoint: 'DELETE /messages/{message_id}/reactions',
    schema: emptyResponse,
    params: { ...params },
    adaptError: level < 193 ? legacyMissingReaction : undefined,
    signal,
  });
}
