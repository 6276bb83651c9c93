/** Saved snippets (spec 2.7). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { createSavedSnippetResponse, getSavedSnippetsResponse } from '../schemas/saved-snippet.ts';

/** The whole group arrived at this feature level: older servers fail before sending. */
const SINCE = 297;

/** GET /saved_snippets (docs/api-notes.md "Other endpoints"). */
export function getSavedSnippets(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getSavedSnippetsResponse>>> {
  return client.callSince('saved snippets', SINCE, {
    method: 'GET',
    path: '/saved_snippets',
    endpoint: 'GET /saved_snippets',
    schema: getSavedSnippetsResponse,
    signal,
  });
}

/** Spec 4.17 POST /saved_snippets. */
export function createSavedSnippet(
  client: ApiClient,
  params: { title: string; content: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createSavedSnippetResponse>>> {
  return client.callSince('saved snippets', SINCE, {
    method: 'POST',
    path: '/saved_snippets',
    endpoint: 'POST /saved_snippets',
    schema: createSavedSnippetResponse,
    params,
    signal,
  });
}

/** Upstream edit-saved-snippet, PATCH /saved_snippets/{saved_snippet_id} (FL 368). */
export function editSavedSnippet(
  client: ApiClient,
  snippetId: number,
  params: { title?: string; content?: string },
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('editing saved snippets', 368, {
    method: 'PATCH',
    path: `/saved_snippets/${pathSegment(snippetId)}`,
    endpoint: 'PATCH /saved_snippets/{saved_snippet_id}',
    schema: emptyResponse,
    params,
    signal,
  });
}

/** DELETE /saved_snippets/{saved_snippet_id} (docs/api-notes.md "Other endpoints"). */
export function deleteSavedSnippet(
  client: ApiClient,
  snippetId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('saved snippets', SINCE, {
    method: 'DELETE',
    path: `/saved_snippets/${pathSegment(snippetId)}`,
    endpoint: 'DELETE /saved_snippets/{saved_snippet_id}',
    schema: emptyResponse,
    signal,
  });
}
