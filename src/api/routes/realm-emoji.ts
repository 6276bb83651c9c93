/**
 * The organization's custom emoji (reference API: get-custom-emoji, upload-custom-emoji,
 * deactivate-custom-emoji).
 */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { multipartFile } from '../multipart.ts';
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

/**
 * POST /realm/emoji/{emoji_name}: adds one image as a custom emoji, for those in the
 * organization's can_add_custom_emoji_group; the server checks the name, type and size.
 */
export function uploadRealmEmoji(
  client: ApiClient,
  name: string,
  image: { name: string; type: string; bytes: Uint8Array },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: `/realm/emoji/${pathSegment(name)}`,
    endpoint: 'POST /realm/emoji/{emoji_name}',
    schema: emptyResponse,
    stream: multipartFile('filename', image),
    signal,
  });
}
