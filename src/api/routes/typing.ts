/** Typing notifications (the widely deployed server's POST /typing, set-typing-status). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';

export type TypingTo =
  { type: 'direct'; userIds: number[] } | { type: 'stream'; streamId: number; topic: string };

/** Channel typing by `stream_id` and `topic` took its current form at this level. */
export const CHANNEL_TYPING_LEVEL = 215;

/** POST /typing: `op` start while composing, stop when done; DMs by user ids. */
export async function setTypingStatus(
  client: ApiClient,
  op: 'start' | 'stop',
  to: TypingTo,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const spec = {
    method: 'POST' as const,
    path: '/typing',
    endpoint: 'POST /typing',
    schema: emptyResponse,
    signal,
  };
  if (to.type === 'direct') return client.call({ ...spec, params: { op, to: to.userIds } });
  return client.callSince('channel typing notifications', CHANNEL_TYPING_LEVEL, {
    ...spec,
    params: { op, type: 'stream', stream_id: to.streamId, topic: to.topic },
  });
}
