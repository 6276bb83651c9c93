/**
 * `desktop_icon_count_display` at feature levels before 227, which inserted "DMs, mentions
 * and followed topics" as 2 and moved the rest up by one. Perch always speaks the spec's
 * numbering (1 all, 2 DMs, mentions and followed topics, 3 DMs and mentions, 4 none);
 * these translate at the edge so no other part of Perch knows the older one.
 */
export const ICON_COUNT_SETTING = 'desktop_icon_count_display';
export const ICON_COUNT_RENUMBERED_AT = 227;

const FROM_OLDER: Readonly<Record<number, number>> = { 1: 1, 2: 3, 3: 4 };
const TO_OLDER: Readonly<Record<number, number>> = { 1: 1, 3: 2, 4: 3 };

/** The spec's value for what a server at `level` sent; an unknown value is kept as sent. */
export function iconCountFromServer(value: unknown, level: number): unknown {
  if (level >= ICON_COUNT_RENUMBERED_AT || typeof value !== 'number') return value;
  return FROM_OLDER[value] ?? value;
}

/** What to send a server at `level`; undefined when it has no such choice (2 before 227). */
export function iconCountForServer(value: number, level: number): number | undefined {
  return level >= ICON_COUNT_RENUMBERED_AT ? value : TO_OLDER[value];
}

/** A settings object (user_settings, realm_user_settings_defaults) in the spec's numbering. */
export function withSpecIconCount<T extends Record<string, unknown> | undefined>(
  settings: T,
  level: number,
): T {
  if (!settings || !(ICON_COUNT_SETTING in settings)) return settings;
  return {
    ...settings,
    [ICON_COUNT_SETTING]: iconCountFromServer(settings[ICON_COUNT_SETTING], level),
  };
}
