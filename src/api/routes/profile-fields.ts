/** Custom profile fields (spec 2.6). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { createProfileFieldResponse, getProfileFieldsResponse } from '../schemas/profile-field.ts';

/** API-NOTES.md GET /realm/profile_fields. */
export function getProfileFields(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getProfileFieldsResponse>>> {
  return client.call({
    method: 'GET',
    path: '/realm/profile_fields',
    endpoint: 'GET /realm/profile_fields',
    schema: getProfileFieldsResponse,
    signal,
  });
}

export interface CreateProfileFieldParams {
  name?: string;
  hint?: string;
  /** 1 to 8, see spec 2.6. */
  field_type: number;
  field_data?: Readonly<Record<string, unknown>>;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
  use_for_user_matching?: boolean;
}

/** Spec 4.8 POST /realm/profile_fields (administrators). */
export function createProfileField(
  client: ApiClient,
  params: CreateProfileFieldParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createProfileFieldResponse>>> {
  return client.call({
    method: 'POST',
    path: '/realm/profile_fields',
    endpoint: 'POST /realm/profile_fields',
    schema: createProfileFieldResponse,
    params: { ...params },
    signal,
  });
}
