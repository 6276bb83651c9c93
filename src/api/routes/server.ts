/** Server-level calls that need no credentials. */
import type { ApiClient, ApiResult } from '../client.ts';
import type { ServerSettings } from '../schemas/server-settings.ts';
import { SERVER_SETTINGS_CALL } from './server-settings-call.ts';
import { ServerError } from '../errors.ts';

/** Spec 4.22 GET /server_settings; also teaches the client the server's feature level. */
export async function getServerSettings(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<ServerSettings>> {
  const result = await client.call({ ...SERVER_SETTINGS_CALL, signal });
  client.learnFeatureLevel(result.data.service_feature_level);
  return result;
}

/**
 * Spec 4.22 GET /server_settings, only to learn that the server answers: its answer is not
 * read. A network failure throws NetworkError and a 5xx status (a proxy whose server is
 * gone) ServerError, as `getServerSettings` would.
 */
export async function serverAnswers(client: ApiClient, signal?: AbortSignal): Promise<void> {
  const { path, endpoint } = SERVER_SETTINGS_CALL;
  const status = await client.answers(path, endpoint, signal);
  if (status >= 500) throw new ServerError(endpoint, status, 'the server could not answer');
}
