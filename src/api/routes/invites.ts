/** Invitations (spec 2.7; listing, revoking and resending from upstream's invites group). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { pathSegment } from '../encode.ts';
import { emptyResponse } from '../schemas/common.ts';
import { createInviteLinkResponse, getInvitesResponse } from '../schemas/invite.ts';

export interface SendInvitesParams {
  /** Addresses separated by commas or newlines. */
  invitee_emails: string;
  /** null: never expires; absent: the server default (14400 minutes). */
  invite_expires_in_minutes?: number | null;
  invite_as?: 100 | 200 | 300 | 400 | 600;
  stream_ids: readonly number[];
  group_ids?: readonly number[];
  include_realm_default_subscriptions?: boolean;
  notify_referrer_on_join?: boolean;
  /**
   * null means the organization's text, as absence does. Upstream reads this parameter as
   * plain text, so null is left out rather than sent as the text "null".
   */
  welcome_message_custom_text?: string | null;
}

const MINUTES_PER_DAY = 24 * 60;

/** The lifetime parameter: minutes, or before FL 126 whole days rounded up. */
async function lifetimeParams(
  client: ApiClient,
  minutes: number | null | undefined,
  signal?: AbortSignal,
): Promise<Record<string, number | null | undefined>> {
  if (minutes === undefined || (await client.featureLevel(signal)) >= 126)
    return { invite_expires_in_minutes: minutes };
  // Rounded up, so an invitation never expires sooner than the caller asked.
  const days = minutes === null ? null : Math.max(1, Math.ceil(minutes / MINUTES_PER_DAY));
  return { invite_expires_in_days: days };
}

/** Spec 4.7 POST /invites; before FL 126 the lifetime is sent in whole days. */
export async function sendInvites(
  client: ApiClient,
  params: SendInvitesParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const {
    invite_expires_in_minutes: minutes,
    welcome_message_custom_text: welcome,
    ...rest
  } = params;
  return client.call({
    method: 'POST',
    path: '/invites',
    endpoint: 'POST /invites',
    schema: emptyResponse,
    params: {
      ...rest,
      ...(await lifetimeParams(client, minutes, signal)),
      ...(welcome === null ? {} : { welcome_message_custom_text: welcome }),
    },
    signal,
  });
}

export type CreateInviteLinkParams = Omit<
  SendInvitesParams,
  'invitee_emails' | 'notify_referrer_on_join'
>;

const CREATE_LINK = 'POST /invites/multiuse';

/**
 * Upstream create-invite-link: POST /invites/multiuse. Groups (FL 322) and the default
 * channels (FL 261) are refused before any request on an older server rather than dropped.
 */
export async function createInviteLink(
  client: ApiClient,
  params: CreateInviteLinkParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof createInviteLinkResponse>>> {
  const {
    invite_expires_in_minutes: minutes,
    welcome_message_custom_text: welcome,
    group_ids: groups,
    include_realm_default_subscriptions: defaults,
    ...rest
  } = params;
  if (groups !== undefined && groups.length > 0)
    await client.requireFeatureLevel(CREATE_LINK, 'groups for invitation links', 322, signal);
  if (defaults === true)
    await client.requireFeatureLevel(
      CREATE_LINK,
      'include_realm_default_subscriptions',
      261,
      signal,
    );
  return client.call({
    method: 'POST',
    path: '/invites/multiuse',
    endpoint: CREATE_LINK,
    schema: createInviteLinkResponse,
    params: {
      ...rest,
      ...(groups !== undefined && groups.length > 0 ? { group_ids: groups } : {}),
      ...(defaults === true ? { include_realm_default_subscriptions: true } : {}),
      ...(await lifetimeParams(client, minutes, signal)),
      ...(welcome === null || welcome === undefined
        ? {}
        : { welcome_message_custom_text: welcome }),
    },
    signal,
  });
}

/** Upstream get-invites: GET /invites (every pending invitation the caller can manage). */
export function getInvites(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof getInvitesResponse>>> {
  return client.call({
    method: 'GET',
    path: '/invites',
    endpoint: 'GET /invites',
    schema: getInvitesResponse,
    signal,
  });
}

/** Upstream revoke-email-invite: DELETE /invites/{invite_id}. */
export function revokeInvite(
  client: ApiClient,
  inviteId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/invites/${pathSegment(inviteId)}`,
    endpoint: 'DELETE /invites/{invite_id}',
    schema: emptyResponse,
    signal,
  });
}

/** Upstream revoke-invite-link: DELETE /invites/multiuse/{invite_id}. */
export function revokeInviteLink(
  client: ApiClient,
  inviteId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'DELETE',
    path: `/invites/multiuse/${pathSegment(inviteId)}`,
    endpoint: 'DELETE /invites/multiuse/{invite_id}',
    schema: emptyResponse,
    signal,
  });
}

/** Upstream resend-email-invite: POST /invites/{invite_id}/resend. */
export function resendInvite(
  client: ApiClient,
  inviteId: number,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return client.call({
    method: 'POST',
    path: `/invites/${pathSegment(inviteId)}/resend`,
    endpoint: 'POST /invites/{invite_id}/resend',
    schema: emptyResponse,
    signal,
  });
}
