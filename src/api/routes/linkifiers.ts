/** Linkifiers of the organization (spec 2.7). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { UnsupportedByServerError } from '../errors.ts';
import { emptyResponse } from '../schemas/common.ts';
import { addLinkifierResponse, getLinkifiersResponse } from '../schemas/linkifier.ts';

/** GET /realm/linkifiers (docs/api-notes.md "Other endpoints"). */
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
  /**
   * null means none, as absence does. Upstream reads this parameter as plain text, so null
   * is left out rather than sent as the text "null".
   */
  reverse_template?: string | null;
  alternative_url_templates?: readonly string[];
  example_input?: string;
}

const ADD = 'POST /realm/filters';
/** Before this level the template is a `%(name)s` format string named url_format_string. */
const URL_TEMPLATE_LEVEL = 176;

/**
 * An RFC 6570 template as the format string of a server before FL 176. Only a plain
 * `{name}` has an equivalent there; anything else would link somewhere else, so it is
 * refused before sending rather than sent changed.
 */
export function toUrlFormatString(template: string, level: number): string {
  return template.replace(/\{([^{}]*)\}|[{}%]/g, (whole, name: string | undefined) => {
    if (whole === '%') return '%%';
    if (name !== undefined && /^\w+$/.test(name)) return `%(${name})s`;
    throw new UnsupportedByServerError(
      ADD,
      `the URL template part "${whole}"`,
      URL_TEMPLATE_LEVEL,
      level,
    );
  });
}

/** The parameters as a server at this level reads them (the template's name, no null). */
function wireParams(params: AddLinkifierParams, level: number): Record<string, unknown> {
  const { url_template, reverse_template, ...rest } = params;
  const template =
    level < URL_TEMPLATE_LEVEL
      ? { url_format_string: toUrlFormatString(url_template, level) }
      : { url_template };
  return { ...rest, ...template, ...(reverse_template === null ? {} : { reverse_template }) };
}

/** Spec 4.16 POST /realm/filters; before FL 176 the template is sent as url_format_string. */
export async function addLinkifier(
  client: ApiClient,
  params: AddLinkifierParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof addLinkifierResponse>>> {
  const level = await client.featureLevel(signal);
  return client.call({
    method: 'POST',
    path: '/realm/filters',
    endpoint: ADD,
    schema: addLinkifierResponse,
    params: wireParams(params, level),
    signal,
  });
}

/** Upstream update-linkifier, PATCH /realm/filters/{filter_id} (FL 57): the same fields as adding. */
export async function updateLinkifier(
  client: ApiClient,
  linkifierId: number,
  params: AddLinkifierParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const endpoint = 'PATCH /realm/filters/{filter_id}';
  const level = await client.requireFeatureLevel(endpoint, 'editing linkifiers', 57, signal);
  return client.call({
    method: 'PATCH',
    path: `/realm/filters/${pathSegment(linkifierId)}`,
    endpoint,
    schema: emptyResponse,
    params: wireParams(params, level),
    signal,
  });
}

/** Upstream reorder-linkifiers, PATCH /realm/linkifiers (FL 202): every linkifier's id. */
export function reorderLinkifiers(
  client: ApiClient,
  orderedIds: readonly number[],
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('reordering linkifiers', 202, {
    method: 'PATCH',
    path: '/realm/linkifiers',
    endpoint: 'PATCH /realm/linkifiers',
    schema: emptyResponse,
    params: { ordered_linkifier_ids: orderedIds },
    signal,
  });
}

/** DELETE /realm/filters/{filter_id} (docs/api-notes.md "Other endpoints"). */
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
