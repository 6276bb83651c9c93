/** Personal settings: the organization defaults and the caller's own (spec 4.1, 2.8). */
import type { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import type { Params } from '../encode.ts';
import { UnsupportedByServerError } from '../errors.ts';
import { ICON_COUNT_RENUMBERED_AT, iconCountForServer } from '../icon-count.ts';
import { emptyResponse } from '../schemas/common.ts';
import type { OwnSettingsPatch, UserSettingsDefaultsPatch } from '../schemas/settings.ts';

/** Settings a server below the given level does not know (spec 4.1). */
const SETTING_LEVELS: Record<string, number> = {
  receives_typing_notifications: 253,
  web_suggest_update_timezone: 329,
};

/** Fails early on settings the server lacks and renames values it knows by older names. */
async function settingsForServer(
  client: ApiClient,
  endpoint: string,
  patch: OwnSettingsPatch,
  signal: AbortSignal | undefined,
): Promise<Params> {
  const gated = Object.keys(patch).filter((key) => SETTING_LEVELS[key] !== undefined);
  const iconCount = patch.desktop_icon_count_display;
  if (gated.length === 0 && patch.web_home_view !== 'recent' && iconCount === undefined) {
    return { ...patch };
  }
  for (const key of gated) {
    await client.requireFeatureLevel(endpoint, key, SETTING_LEVELS[key] ?? 0, signal);
  }
  const level = await client.featureLevel(signal);
  const params: Record<string, unknown> = { ...patch };
  // `recent` was called `recent_topics` before FL 454.
  if (patch.web_home_view === 'recent' && level < 454) params.web_home_view = 'recent_topics';
  if (typeof iconCount === 'number') {
    const older = iconCountForServer(iconCount, level);
    if (older === undefined) {
      throw new UnsupportedByServerError(
        endpoint,
        'desktop_icon_count_display 2 (DMs, mentions and followed topics)',
        ICON_COUNT_RENUMBERED_AT,
        level,
      );
    }
    params.desktop_icon_count_display = older;
  }
  return params as Params;
}

async function patchSettings(
  client: ApiClient,
  path: string,
  patch: OwnSettingsPatch,
  signal: AbortSignal | undefined,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  const endpoint = `PATCH ${path}`;
  return client.call({
    method: 'PATCH',
    path,
    endpoint,
    schema: emptyResponse,
    params: await settingsForServer(client, endpoint, patch, signal),
    signal,
  });
}

/** Spec 4.1 PATCH /realm/user_settings_defaults (administrators). */
export function updateUserSettingsDefaults(
  client: ApiClient,
  patch: UserSettingsDefaultsPatch,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return patchSettings(client, '/realm/user_settings_defaults', patch, signal);
}

/** Upstream PATCH /settings (update-settings): the caller's own settings. */
export function updateSettings(
  client: ApiClient,
  patch: OwnSettingsPatch,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof emptyResponse>>> {
  return patchSettings(client, '/settings', patch, signal);
}
