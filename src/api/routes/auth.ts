/** Obtaining an API key (spec section 5). Both calls run without prior credentials. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { fetchApiKeyResponse, jwtFetchApiKeyResponse } from '../schemas/auth.ts';

/**
 * POST /fetch_api_key (docs/api-notes.md "Other endpoints"): trades a username and password
 * for the API key.
 */
export function fetchApiKey(
  client: ApiClient,
  params: { username: string; password: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof fetchApiKeyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/fetch_api_key',
    endpoint: 'POST /fetch_api_key',
    schema: fetchApiKeyResponse,
    params,
    auth: false,
    signal,
  });
}

/** Spec 4.10 POST /jwt/fetch_api_key: trades a signed token for the API key. */
export function jwtFetchApiKey(
  client: ApiClient,
  params: { token: string; include_profile?: boolean },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof jwtFetchApiKeyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/jwt/fetch_api_key',
    endpoint: 'POST /jwt/fetch_api_key',
    schema: jwtFetchApiKeyResponse,
    params,
    auth: false,
    signal,
  });
}
