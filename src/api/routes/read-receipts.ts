/** Upstream's GET /messages/{message_id}/read_receipts (openapi get-read-receipts, FL 137). */
import { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const readReceiptsResponse = lazySchema(() =>
  z.object({ user_ids: z.array(z.number().int()) }),
);

/** Who has read the message, as far as their settings let the requester know. */
export async function getReadReceipts(
  client: ApiClient,
  messageId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof readReceiptsResponse>>> {
  const endpoint = 'GET /messages/{message_id}/read_receipts';
  await client.requireFeatureLevel(endpoint, 'read receipts', 137, signal);
  return client.call({
    method: 'GET',
    path: `/messages/${messageId}/read_receipts`,
    endpoint,
    schema: readReceiptsResponse,
    signal,
  });
}
