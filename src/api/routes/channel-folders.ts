/** Channel folders (spec 2.5); the whole group arrived in FL 389. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import {
  createChannelFolderResponse,
  getChannelFoldersResponse,
} from '../schemas/channel-folder.ts';

/** The whole group arrived at this feature level: older servers fail before sending. */
const SINCE = 389;

/**
 * GET /channel_folders (docs/api-notes.md "Other endpoints"); archived folders only with
 * include_archived.
 */
export function getChannelFolders(
  client: ApiClient,
  params: { include_archived?: boolean } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getChannelFoldersResponse>>> {
  return client.callSince('channel folders', SINCE, {
    method: 'GET',
    path: '/channel_folders',
    endpoint: 'GET /channel_folders',
    schema: getChannelFoldersResponse,
    params: { ...params },
    signal,
  });
}

/** Spec 4.6 POST /channel_folders/create (administrators). */
export function createChannelFolder(
  client: ApiClient,
  params: { name: string; description: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createChannelFolderResponse>>> {
  return client.callSince('channel folders', SINCE, {
    method: 'POST',
    path: '/channel_folders/create',
    endpoint: 'POST /channel_folders/create',
    schema: createChannelFolderResponse,
    params,
    signal,
  });
}

/** Spec 4.3 PATCH /channel_folders/{channel_folder_id} (administrators). */
export function updateChannelFolder(
  client: ApiClient,
  folderId: number,
  params: { name?: string; description?: string; is_archived?: boolean },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('channel folders', SINCE, {
    method: 'PATCH',
    path: `/channel_folders/${pathSegment(folderId)}`,
    endpoint: 'PATCH /channel_folders/{channel_folder_id}',
    schema: emptyResponse,
    params,
    signal,
  });
}

/** Upstream patch-channel-folders, PATCH /channel_folders (FL 414): every folder's id, archived too. */
export function reorderChannelFolders(
  client: ApiClient,
  order: readonly number[],
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('reordering channel folders', 414, {
    method: 'PATCH',
    path: '/channel_folders',
    endpoint: 'PATCH /channel_folders',
    schema: emptyResponse,
    params: { order },
    signal,
  });
}
