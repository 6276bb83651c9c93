/** Video calls. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { createVideoCallResponse } from '../schemas/calls.ts';

/** Spec 4.21 POST /calls/videoprovider/create (FL 493). */
export async function createVideoCall(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createVideoCallResponse>>> {
  const endpoint = 'POST /calls/videoprovider/create';
  await client.requireFeatureLevel(endpoint, 'video calls', 493, signal);
  return client.call({
    method: 'POST',
    path: '/calls/videoprovider/create',
    endpoint,
    schema: createVideoCallResponse,
    signal,
  });
}
