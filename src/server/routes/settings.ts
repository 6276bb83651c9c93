/** PATCH /realm/user_settings_defaults (spec 4.1) and PATCH /settings (the caller's own settings). */
import { forgetUserDrafts } from '../drafts/store.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { AWAY_IS_PRESENCE_LEVEL } from '../presence/status.ts';
import { settingForLevel } from '../state/present.ts';
import { PERSONAL_ONLY, SETTINGS } from '../state/settings.ts';
import { requireAdmin } from './gates.ts';
import { presenceSharingChanged } from './presence.ts';
import { readSettings } from './settings-input.ts';

const PERSONAL = { ...SETTINGS, ...PERSONAL_ONLY };
const LANGUAGES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'français',
  es: 'español',
  ja: '日本語',
};

export function register(router: Router): void {
  router.patch('/realm/user_settings_defaults', ({ ctx, user, params }) => {
    requireAdmin(user);
    const { state } = ctx;
    const changes = readSettings(params, SETTINGS, state.featureLevel);
    const everyone = state.activeUserIds();
    for (const [property, value] of changes) {
      if (state.realm.user_settings_defaults[property] === value) continue;
      state.realm.user_settings_defaults[property] = value;
      ctx.events.emit(everyone, {
        type: 'realm_user_settings_defaults',
        op: 'update',
        property,
        value: settingForLevel(state, property, value),
      });
    }
    return {};
  });

  router.patch('/settings', updateOwnSettings);
}

function updateOwnSettings({ ctx, user, params }: RouteRequest) {
  const { state } = ctx;
  const changes = readSettings(params, PERSONAL, state.featureLevel);
  const language = changes.get('default_language');
  if (language !== undefined && !(String(language) in LANGUAGES)) throw invalid('default_language');
  const timezone = changes.get('timezone');
  if (typeof timezone === 'string' && timezone !== '' && !isTimeZone(timezone))
    throw invalid('timezone');
  const fullName = params.optString('full_name')?.trim();
  if (fullName !== undefined) {
    if (fullName === '' || [...fullName].length > 100) throw invalid('full_name');
    if (/[<>@*`]/.test(fullName)) throw badRequest('Invalid characters in name!');
  }

  const everyone = state.activeUserIds();
  const presenceToggled =
    changes.has('presence_enabled') &&
    changes.get('presence_enabled') !== (user.settings.presence_enabled ?? true);
  for (const [property, value] of changes) {
    const current = property === 'timezone' ? user.timezone : user.settings[property];
    if (current === value) continue;
    if (property === 'timezone') {
      user.timezone = String(value);
      ctx.events.emit(everyone, {
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.user_id, email: user.email, timezone: user.timezone },
      });
    } else {
      user.settings[property] = value;
    }
    const event: Record<string, unknown> = {
      type: 'user_settings',
      op: 'update',
      property,
      value: settingForLevel(state, property, value),
    };
    if (property === 'default_language') event.language_name = LANGUAGES[String(value)];
    ctx.events.emit([user.user_id], event);
  }
  if (presenceToggled) {
    presenceSharingChanged(ctx, user);
    // `away` reads `!presence_enabled` since FL 148, so status followers learn it too.
    if (state.featureLevel >= AWAY_IS_PRESENCE_LEVEL)
      ctx.events.emit(everyone, {
        type: 'user_status',
        user_id: user.user_id,
        away: user.settings.presence_enabled === false,
      });
  }
  if (changes.get('enable_drafts_synchronization') === false) forgetUserDrafts(state, user.user_id);
  if (fullName !== undefined && fullName !== user.full_name) {
    user.full_name = fullName;
    ctx.events.emit(everyone, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, full_name: fullName },
    });
  }
  return {};
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
