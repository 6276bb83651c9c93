/** The caller's channel subscriptions (spec 2.4). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import type { ApiError } from '../errors.ts';
import { emptyResponse } from '../schemas/common.ts';
import {
  getSubscriptionsResponse,
  subscribeResponse,
  unsubscribeResponse,
} from '../schemas/subscription.ts';

/** GET /users/me/subscriptions (docs/api-notes.md "Other endpoints"). */
export function getSubscriptions(
  client: ApiClient,
  params: { include_subscribers?: boolean | 'partial' } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getSubscriptionsResponse>>> {
  return client.call({
    method: 'GET',
    path: '/users/me/subscriptions',
    endpoint: 'GET /users/me/subscriptions',
    schema: getSubscriptionsResponse,
    params: { ...params },
    signal,
  });
}

export interface SubscribeParams {
  subscriptions: readonly { name: string; description?: string }[];
  principals?: readonly number[] | readonly string[];
  /** Channels this call creates are private. */
  invite_only?: boolean;
  /** Channels this call creates are web-public (readable by spectators). */
  is_web_public?: boolean;
}

/** POST /users/me/subscriptions (docs/api-notes.md "Other endpoints"). */
export function subscribe(
  client: ApiClient,
  params: SubscribeParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof subscribeResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users/me/subscriptions',
    endpoint: 'POST /users/me/subscriptions',
    schema: subscribeResponse,
    params: { ...params },
    signal,
  });
}

export interface UnsubscribeParams {
  subscriptions: readonly string[];
  principals?: readonly number[] | readonly string[];
}

/** Before FL 208 an invalid principal was 403 UNAUTHORIZED_PRINCIPAL; today it is BAD_REQUEST. */
function legacyInvalidPrincipal(error: ApiError): ApiError {
  return error.code === 'UNAUTHORIZED_PRINCIPAL' && error.status === 403
    ? error.withCode('BAD_REQUEST')
    : error;
}

/** Spec 4.9 DELETE /users/me/subscriptions. */
export async function unsubscribe(
  client: ApiClient,
  params: UnsubscribeParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof unsubscribeResponse>>> {
  const level = params.principals ? await client.featureLevel(signal) : undefined;
  return client.call({
    method: 'DELETE',
    path: '/users/me/subscriptions',
    endpoint: 'DELETE /users/me/subscriptions',
    schema: unsubscribeResponse,
    params: { ...params },
    adaptError: level !== undefined && level < 208 ? legacyInvalidPrincipal : undefined,
    signal,
  });
}

export type SubscriptionProperty =
  | 'color'
  | 'is_muted'
  | 'in_home_view'
  | 'pin_to_top'
  | 'desktop_notifications'
  | 'audible_notifications'
  | 'push_notifications'
  | 'email_notifications'
  | 'wildcard_mentions_notify';

export interface SubscriptionChange {
  stream_id: number;
  property: SubscriptionProperty;
  /** A hex colour for `color`, otherwise a boolean. */
  value: boolean | string;
}

/** POST /users/me/subscriptions/properties (docs/api-notes.md "Other endpoints"). */
export function updateSubscriptionProperties(
  client: ApiClient,
  changes: readonly SubscriptionChange[],
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    endpoint: 'POST /users/me/subscriptions/properties',
    schema: emptyResponse,
    params: { subscription_data: changes },
    signal,
  });
}

/** Spec 4.11 PATCH /users/me/subscriptions/{stream_id}. */
export function updateSubscription(
  client: ApiClient,
  change: SubscriptionChange,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'PATCH',
    path: `/users/me/subscriptions/${pathSegment(change.stream_id)}`,
    endpoint: 'PATCH /users/me/subscriptions/{stream_id}',
    schema: emptyResponse,
    params: { property: change.property, value: change.value },
    signal,
  });
}
