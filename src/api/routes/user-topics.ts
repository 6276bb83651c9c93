/** Personal topic preferences: mute, unmute, follow (visibility policies). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';

/** 0 inherit from the channel, 1 muted, 2 unmuted, 3 followed. */
export type VisibilityPolicy = 0 | 1 | 2 | 3;

/** POST /user_topics (FL 170; before it only muting existed, by another endpoint). */
export function updateUserTopic(
  client: ApiClient,
  params: { stream_id: number; topic: string; visibility_policy: VisibilityPolicy },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('topic visibility policies', 170, {
    method: 'POST',
    path: '/user_topics',
    endpoint: 'POST /user_topics',
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}
