/** Push-notification devices. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';

/** Spec 4.12 POST /users/me/ios_push_device_token (deprecated since FL 406). */
export function registerIosPushToken(
  client: ApiClient,
  params: { token: string; appid: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users/me/ios_push_device_token',
    endpoint: 'POST /users/me/ios_push_device_token',
    schema: emptyResponse,
    params,
    signal,
  });
}

/**
 * Spec 4.20 POST /mobile_push/e2ee/test_notification (FL 420 in the upstream reference);
 * device_id was push_account_id before FL 468.
 */
export async function sendTestPushNotification(
  client: ApiClient,
  params: { device_id?: number } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const endpoint = 'POST /mobile_push/e2ee/test_notification';
  const level = await client.requireFeatureLevel(
    endpoint,
    'end-to-end-encrypted push',
    420,
    signal,
  );
  const { device_id } = params;
  const legacy = device_id !== undefined && level < 468;
  return client.call({
    method: 'POST',
    path: '/mobile_push/e2ee/test_notification',
    endpoint,
    schema: emptyResponse,
    params: legacy ? { push_account_id: device_id } : { device_id },
    signal,
  });
}
