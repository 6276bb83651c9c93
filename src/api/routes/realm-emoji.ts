/** The organization's custom emoji (reference API: get-custom-emoji, deactivate-custom-emoji). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { getRealmEmojiResponse } from '../schemas/realm-emoji.ts';

/** GET /realm/emoji: every custom emoji, deactivated ones included, keyed by id. */
export function getRealmEmoji(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getRealmEmojiResponse>>> {
  return client.call({
    method: 'GET',
    path: '/realm/emoji',
    endpoint: 'GET /realm/emoji',
    schema: getRealmEmojiResponse,
    signal,
  });
}

/** DELETE /realm/emoji/{emoji_name}: deactivate (its author or an administrator). */
export function deactivateRealmEmoji(
  client: ApiClient,
  name: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/realm/emoji/${pathSegment(name)}`,
    endpoint: 'DELETE /realm/emoji/{emoji_name}',
    schema: emptyResponse,
    signal,
  });
}
