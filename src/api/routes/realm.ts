/** Organization lifecycle (spec section 3). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';

const DEACTIVATE = 'POST /realm/deactivate';

/** Spec 4.19 POST /realm/deactivate (owners); deletion_delay_days needs FL 332. */
export async function deactivateRealm(
  client: ApiClient,
  params: { deletion_delay_days?: number | null } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  if (params.deletion_delay_days !== undefined) {
    await client.requireFeatureLevel(DEACTIVATE, 'deletion_delay_days', 332, signal);
  }
  return client.call({
    method: 'POST',
    path: '/realm/deactivate',
    endpoint: DEACTIVATE,
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}
