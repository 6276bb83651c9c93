/** Organization lifecycle (spec section 3) and the organization's own settings. */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { emptyResponse } from '../schemas/common.ts';
import type { GroupSettingUpdate } from './user-groups.ts';

const DEACTIVATE = 'POST /realm/deactivate';

/** Spec 4.19 POST /realm/deactivate (owners); deletion_delay_days needs FL 332. */
export async function deactivateRealm(
  client: ApiClient,
  params: { deletion_delay_days?: number | null } = {},
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  if (params.deletion_delay_days !== undefined) {
    await client.requireFeatureLevel(DEACTIVATE, 'deletion_delay_days', 332, signal);
  }
  return client.call({
    method: 'POST',
    path: '/realm/deactivate',
    endpoint: DEACTIVATE,
    schema: emptyResponse,
    params: { ...params },
    signal,
  });
}

/**
 * The organization's group settings Perch changes (upstream's "who may invite", owners
 * only): what each is called in a "too old" sentence, the level it appeared at, and the
 * level from which it is a full group-setting value (an anonymous group, sent as
 * `{new, old}`). Before that, create_multiuse_invite_group was a plain group id.
 */
export const REALM_GROUP_SETTINGS = {
  can_invite_users_group: {
    feature: 'changing who can send email invitations',
    since: 321,
    groupValueSince: 321,
  },
  create_multiuse_invite_group: {
    feature: 'changing who can create reusable invitation links',
    since: 209,
    groupValueSince: 314,
  },
} as const;
export type RealmGroupSetting = keyof typeof REALM_GROUP_SETTINGS;

export type UpdateRealmParams = Partial<Record<RealmGroupSetting, GroupSettingUpdate>>;

const UPDATE_REALM = 'PATCH /realm';

/**
 * Upstream update-realm, PATCH /realm. A setting goes as `{new, old}` where the server
 * takes that form, so a change someone made meanwhile is refused instead of overwritten;
 * an older server gets the bare group id it expects (and no anonymous group: nothing is
 * sent, the caller hears what the server lacks).
 */
export async function updateRealm(
  client: ApiClient,
  settings: UpdateRealmParams,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(settings) as RealmGroupSetting[]) {
    const update = settings[name];
    if (!update) continue;
    const { feature, since, groupValueSince } = REALM_GROUP_SETTINGS[name];
    const level = await client.requireFeatureLevel(UPDATE_REALM, feature, since, signal);
    if (level >= groupValueSince) {
      params[name] = update;
      continue;
    }
    if (typeof update.new !== 'number')
      await client.requireFeatureLevel(
        UPDATE_REALM,
        `${feature} to a custom set of people and groups`,
        groupValueSince,
        signal,
      );
    params[name] = update.new;
  }
  return client.call({
    method: 'PATCH',
    path: '/realm',
    endpoint: UPDATE_REALM,
    schema: emptyResponse,
    params,
    signal,
  });
}
