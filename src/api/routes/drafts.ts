/**
 * Drafts kept on the server (reference API: get-drafts, create-drafts, edit-draft,
 * delete-draft), for users whose `enable_drafts_synchronization` is on.
 */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { createDraftsResponse, getDraftsResponse, type ServerDraft } from '../schemas/draft.ts';

/** The group arrived in Zulip 5.0: older servers fail before sending. */
const SINCE = 87;

/** What a client sends: the server fills in the id, and the timestamp when left out. */
export type DraftFields = Omit<ServerDraft, 'id' | 'timestamp'> & { timestamp?: number };

/** GET /drafts: the user's drafts. */
export function getDrafts(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getDraftsResponse>>> {
  return client.callSince('drafts', SINCE, {
    method: 'GET',
    path: '/drafts',
    endpoint: 'GET /drafts',
    schema: getDraftsResponse,
    signal,
  });
}

/** POST /drafts: creates drafts; answers their ids in the same order. */
export function createDrafts(
  client: ApiClient,
  drafts: DraftFields[],
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createDraftsResponse>>> {
  return client.callSince('drafts', SINCE, {
    method: 'POST',
    path: '/drafts',
    endpoint: 'POST /drafts',
    schema: createDraftsResponse,
    params: { drafts },
    signal,
  });
}

/** PATCH /drafts/{draft_id}: replaces one draft. */
export function editDraft(
  client: ApiClient,
  id: number,
  draft: DraftFields,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('drafts', SINCE, {
    method: 'PATCH',
    path: `/drafts/${pathSegment(id)}`,
    endpoint: 'PATCH /drafts/{draft_id}',
    schema: emptyResponse,
    params: { draft },
    signal,
  });
}

/** DELETE /drafts/{draft_id}. */
export function deleteDraft(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.callSince('drafts', SINCE, {
    method: 'DELETE',
    path: `/drafts/${pathSegment(id)}`,
    endpoint: 'DELETE /drafts/{draft_id}',
    schema: emptyResponse,
    signal,
  });
}
