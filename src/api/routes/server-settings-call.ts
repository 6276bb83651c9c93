/**
 * Spec 4.22 GET /server_settings as a call. The client asks it on its own to learn the
 * server's feature level, so it lives apart from the routes, which build on the client.
 */
import { serverSettingsResponse } from '../schemas/server-settings.ts';

export const SERVER_SETTINGS_CALL = {
  method: 'GET',
  path: '/server_settings',
  endpoint: 'GET /server_settings',
  schema: serverSettingsResponse,
  auth: false,
} as const;
