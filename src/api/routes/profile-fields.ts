/** Custom profile fields (spec 2.6). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { createProfileFieldResponse, getProfileFieldsResponse } from '../schemas/profile-field.ts';

/** GET /realm/profile_fields (docs/api-notes.md "Other endpoints"). */
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

export interface UpdateProfileFieldParams {
  name?: string;
  hint?: string;
  field_data?: Readonly<Record<string, unknown>>;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/**
 * The level each setting of an update arrived at upstream: a setting an older server does
 * not know is left out (it would be ignored or refused there), and the caller is told.
 */
export const UPDATE_SETTING_LEVELS: Readonly<
  Partial<Record<keyof UpdateProfileFieldParams, number>>
> = { display_in_profile_summary: 146, required: 244, editable_by_user: 296 };

/** Upstream update-custom-profile-field, PATCH /realm/profile_fields/{field_id} (administrators). */
export async function updateProfileField(
  client: ApiClient,
  fieldId: number,
  params: UpdateProfileFieldParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const level = await client.featureLevel(signal);
  const sent = Object.fromEntries(
    Object.entries(params).filter(
      ([k, v]) =>
        v !== undefined &&
        level >= (UPDATE_SETTING_LEVELS[k as keyof UpdateProfileFieldParams] ?? 0),
    ),
  );
  const result = await client.call({
    method: 'PATCH',
    path: `/realm/profile_fields/${pathSegment(fieldId)}`,
    endpoint: 'PATCH /realm/profile_fields/{field_id}',
    schema: emptyResponse,
    params: sent,
    signal,
  });
  const dropped = Object.keys(params).filter(
    (k) => !(k in sent) && params[k as keyof UpdateProfileFieldParams] !== undefined,
  );
  return { ...result, ignoredParameters: [...result.ignoredParameters, ...dropped] };
}

/** Upstream reorder-custom-profile-fields, PATCH /realm/profile_fields: every field's id. */
export function reorderProfileFields(
  client: ApiClient,
  order: readonly number[],
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'PATCH',
    path: '/realm/profile_fields',
    endpoint: 'PATCH /realm/profile_fields',
    schema: emptyResponse,
    params: { order },
    signal,
  });
}

/** Upstream delete-custom-profile-field, DELETE /realm/profile_fields/{field_id}. */
export function deleteProfileField(
  client: ApiClient,
  fieldId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/realm/profile_fields/${pathSegment(fieldId)}`,
    endpoint: 'DELETE /realm/profile_fields/{field_id}',
    schema: emptyResponse,
    signal,
  });
}
