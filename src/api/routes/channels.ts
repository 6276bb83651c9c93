/** The organization's channels as administrators manage them (upstream "channels" operations). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { createChannelResponse, getStreamsResponse } from '../schemas/channel.ts';
import type { GroupSettingUpdate } from './user-groups.ts';

export interface GetStreamsParams {
  /** Administrators only; FL 356 (include_all_active before). */
  include_all?: boolean;
  /** FL 315. */
  exclude_archived?: boolean;
}

/** Upstream get-streams: GET /streams; include_all from FL 356, archived ones from FL 315. */
export async function getStreams(
  client: ApiClient,
  params: GetStreamsParams = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getStreamsResponse>>> {
  const level = await client.featureLevel(signal);
  const wire: Record<string, unknown> = {};
  if (params.include_all) wire[level >= 356 ? 'include_all' : 'include_all_active'] = true;
  if (params.exclude_archived !== undefined && level >= 315)
    wire.exclude_archived = params.exclude_archived;
  return client.call({
    method: 'GET',
    path: '/streams',
    endpoint: 'GET /streams',
    schema: getStreamsResponse,
    params: wire,
    signal,
  });
}

export interface UpdateStreamParams {
  new_name?: string;
  description?: string;
  is_private?: boolean;
  history_public_to_subscribers?: boolean;
  /** FL 388: only false (unarchive). */
  is_archived?: false;
  /** FL 389; null takes the channel out of its folder. */
  folder_id?: number | null;
  /** A group-setting update from FL 320; a plain group id before. */
  can_remove_subscribers_group?: GroupSettingUpdate;
}

const UPDATE_STREAM = 'PATCH /streams/{stream_id}';

/** Upstream update-stream: PATCH /streams/{stream_id}. */
export async function updateStream(
  client: ApiClient,
  streamId: number,
  params: UpdateStreamParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  if (params.is_archived !== undefined)
    await client.requireFeatureLevel(UPDATE_STREAM, 'unarchiving channels', 388, signal);
  if (params.folder_id !== undefined)
    await client.requireFeatureLevel(UPDATE_STREAM, 'channel folders', 389, signal);
  const wire: Record<string, unknown> = { ...params };
  if (params.can_remove_subscribers_group !== undefined) {
    const level = await client.requireFeatureLevel(
      UPDATE_STREAM,
      'can_remove_subscribers_group',
      161,
      signal,
    );
    if (level < 320) wire.can_remove_subscribers_group = params.can_remove_subscribers_group.new;
  }
  return client.call({
    method: 'PATCH',
    path: `/streams/${pathSegment(streamId)}`,
    endpoint: UPDATE_STREAM,
    schema: emptyResponse,
    params: wire,
    signal,
  });
}

/** Upstream archive-stream: DELETE /streams/{stream_id}. */
export function archiveStream(
  client: ApiClient,
  streamId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/streams/${pathSegment(streamId)}`,
    endpoint: 'DELETE /streams/{stream_id}',
    schema: emptyResponse,
    signal,
  });
}

export interface CreateChannelParams {
  name: string;
  description?: string;
  invite_only?: boolean;
  /** User ids subscribed at once; the caller is not subscribed unless named. */
  subscribers?: readonly number[];
}

/** Feature level of upstream create-channel; below it, subscribing to a new name creates one. */
export const CREATE_CHANNEL_LEVEL = 417;

/** Upstream create-channel: POST /channels/create (FL 417). */
export function createChannel(
  client: ApiClient,
  params: CreateChannelParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createChannelResponse>>> {
  return client.callSince('POST /channels/create', CREATE_CHANNEL_LEVEL, {
    method: 'POST',
    path: '/channels/create',
    endpoint: 'POST /channels/create',
    schema: createChannelResponse,
    params: { ...params },
    signal,
  });
}
