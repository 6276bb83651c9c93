/** Server-level calls that need no credentials. */
import type { ApiClient, ApiResult } from '../client.ts';
import { serverSettingsResponse, type ServerSettings } from '../schemas/server-settings.ts';

/** Spec 4.22 GET /server_settings; also teaches the client the server's feature level. */
export async function getServerSettings(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<ServerSettings>> {
  const result = await client.call({
    method: 'GET',
    path: '/server_settings',
    endpoint: 'GET /server_settings',
    schema: serverSettingsResponse,
    auth: false,
    signal,
  });
  client.learnFeatureLevel(result.data.service_feature_level);
  return result;
}
