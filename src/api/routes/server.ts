/** Server-level calls that need no credentials. */
import type { ApiClient, ApiResult } from '../client.ts';
import type { ServerSettings } from '../schemas/server-settings.ts';
import { SERVER_SETTINGS_CALL } from './server-settings-call.ts';

/** Spec 4.22 GET /server_settings; also teaches the client the server's feature level. */
export async function getServerSettings(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<ServerSettings>> {
  const result = await client.call({ ...SERVER_SETTINGS_CALL, signal });
  client.learnFeatureLevel(result.data.service_feature_level);
  return result;
}
