/**
 * The signed-in user's own settings, as the Settings page shows them: the
 * personal settings PATCH /settings takes that this server has at its feature level and
 * sent in POST /register. The values are the account's synced state itself (AccountState,
 * built from register and kept by user_settings events), so the notification policy, the
 * Settings page and compose all read the same object at the same moment.
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import {
  DEFAULTS_PARAMS,
  DEFAULTS_PARAM_NAMES,
  paramSinceLevel,
  type DefaultsParam,
} from '../../contract/schemas/admin-org.ts';
import { PERSONAL_ONLY, type OwnParam } from '../../contract/schemas/settings.ts';
import type { AccountSettings } from '../model/state-types.ts';
import { notificationEffects, type NotificationEffect } from './effects.ts';

export type SettingValue = boolean | number | string | null;

const OWN_PARAM_NAMES: readonly OwnParam[] = [...DEFAULTS_PARAM_NAMES, ...PERSONAL_ONLY];

/**
 * Levels the defaults table does not carry: the followed-topic settings arrived with topic
 * following (FL 189), but register-state fills them in below it for the policy's sake; the
 * mark-as-read policy arrived at FL 175.
 */
const LATER_LEVELS: Partial<Record<DefaultsParam, number>> = {
  enable_followed_topic_desktop_notifications: 189,
  enable_followed_topic_email_notifications: 189,
  enable_followed_topic_push_notifications: 189,
  enable_followed_topic_audible_notifications: 189,
  enable_followed_topic_wildcard_mentions_notify: 189,
  web_mark_read_on_scroll_policy: 175,
};

/** Event types that change a personal setting: today's and the two of before FL 89. */
const SETTING_EVENTS = new Set([
  'user_settings',
  'update_display_settings',
  'update_global_notifications',
]);

export interface SettingsSnapshot {
  featureLevel: number;
  /** Only the settings this server has; a missing name is not shown. */
  values: Partial<Record<OwnParam, SettingValue>>;
  /** The sounds `notification_sound` may name. */
  sounds: string[];
  effects: NotificationEffect[];
}

function sinceLevel(name: DefaultsParam): number {
  return Math.max(paramSinceLevel(name), LATER_LEVELS[name] ?? 0);
}

function isValue(value: unknown): value is SettingValue {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}

export class OwnSettings {
  readonly #settings: Readonly<AccountSettings>;
  readonly #featureLevel: number;

  /** `settings` is the live object the account's state keeps current. */
  constructor(settings: Readonly<AccountSettings>, featureLevel: number) {
    this.#settings = settings;
    this.#featureLevel = featureLevel;
  }

  /** Whether the Settings page shows this setting: the server has it at its level. */
  has(name: string): name is OwnParam {
    const value = (this.#settings as Record<string, unknown>)[name];
    if ((PERSONAL_ONLY as readonly string[]).includes(name)) return typeof value === 'string';
    if (!Object.hasOwn(DEFAULTS_PARAMS, name)) return false;
    return sinceLevel(name as DefaultsParam) <= this.#featureLevel && isValue(value);
  }

  /** The shown settings' values, in the order of spec 4.1. */
  values(names: readonly OwnParam[] = OWN_PARAM_NAMES): SettingsSnapshot['values'] {
    const out: SettingsSnapshot['values'] = {};
    for (const name of names) {
      if (this.has(name))
        out[name] = (this.#settings as Record<string, unknown>)[name] as SettingValue;
    }
    return out;
  }

  snapshot(): SettingsSnapshot {
    const offered = (this.#settings as Record<string, unknown>)['available_notification_sounds'];
    const sounds = Array.isArray(offered) ? offered.filter((s) => typeof s === 'string') : [];
    const current = this.#settings.notification_sound;
    // The current sound stays choosable even when the server did not list it.
    if (typeof current === 'string' && !sounds.includes(current)) sounds.push(current);
    return {
      featureLevel: this.#featureLevel,
      values: this.values(),
      sounds,
      effects: notificationEffects(this.#settings as AccountSettings),
    };
  }

  /** The shown settings a batch of events changed (already applied to the state). */
  changedBy(events: readonly ServerEvent[]): OwnParam[] {
    const names = new Set<OwnParam>();
    for (const event of events) {
      if (!SETTING_EVENTS.has(event.type)) continue;
      const e = event as Record<string, unknown>;
      const name = e['property'] ?? e['setting_name'] ?? e['notification_name'];
      if (typeof name === 'string' && this.has(name)) names.add(name);
    }
    return [...names];
  }
}
