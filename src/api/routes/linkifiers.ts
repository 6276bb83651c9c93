/** Linkifiers of the organization (spec 2.7). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { addLinkifierResponse, getLinkifiersResponse } from '../schemas/linkifier.ts';

/** API-NOTES.md GET /realm/linkifiers. */
export function getLinkifiers(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getLinkifiersResponse>>> {
  return client.call({
    method: 'GET',
    path: '/realm/linkifiers',
    endpoint: 'GET /realm/linkifiers',
    schema: getLinkifiersResponse,
    signal,
  });
}

export interface AddLinkifierParams {
  pattern: string;
  url_template: string;
  reverse_template?: string | null;
  alternative_url_templates?: readonly string[];
  example_input?: string;
}

/** Spec 4.16 POST /realm/filters; before FL 176 the template is sent as url_format_string. */
export async function addLinkifier(
  client: ApiClient,
  params: AddLinkifierParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof addLinkifierResponse>>> {
  const { url_template, ...rest } = params;
  const level = await client.featureLevel(signal);
  const template = level < 176 ? { url_format_string: url_template } : { url_template };
  return client.call({
    method: 'POST',
    path: '/realm/filters',
    endpoint: 'POST /realm/filters',
    schema: addLinkifierResponse,
    params: { ...rest, ...template },
    signal,
  });
}

/** API-NOTES.md DELETE /realm/filters/{filter_id}. */
export function removeLinkifier(
  client: ApiClient,
  linkifierId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/realm/filters/${pathSegment(linkifierId)}`,
    endpoint: 'DELETE /realm/filters/{filter_id}',
    schema: emptyResponse,
    signal,
  });
}
