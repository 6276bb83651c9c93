/** Upstream's active / idle / offline rule and the two wire formats of presence data. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESENCE_SETTINGS,
  lastActive,
  presenceSettingsFrom,
  presenceState,
  presencesFromWire,
} from '../../../../src/core/presence/presence-state.ts';

const T = 1_800_000_000;
const at = (seconds: number) => seconds * 1000;
const settings = DEFAULT_PRESENCE_SETTINGS;

describe('presenceState', () => {
  it('is active while the last active report is younger than the offline threshold', () => {
    const p = { active_timestamp: T, idle_timestamp: T };
    expect(presenceState(p, at(T), settings)).toBe('active');
    expect(presenceState(p, at(T + 139), settings)).toBe('active');
    expect(presenceState(p, at(T + 140), settings)).toBe('offline');
  });

  it('is idle when only the last connection is recent', () => {
    const p = { active_timestamp: T - 1000, idle_timestamp: T };
    expect(presenceState(p, at(T + 10), settings)).toBe('idle');
    expect(presenceState(p, at(T + 200), settings)).toBe('offline');
  });

  it('follows the threshold the server sends', () => {
    const p = { active_timestamp: T, idle_timestamp: T };
    const strict = { ...settings, offlineThresholdSeconds: 30 };
    expect(presenceState(p, at(T + 31), strict)).toBe('offline');
  });

  it('is offline without data, with timestamps of 0, or when the organization disables presence', () => {
    expect(presenceState(undefined, at(T), settings)).toBe('offline');
    expect(presenceState({ active_timestamp: 0, idle_timestamp: 0 }, at(10), settings)).toBe(
      'offline',
    );
    const p = { active_timestamp: T, idle_timestamp: T };
    expect(presenceState(p, at(T), { ...settings, presenceDisabled: true })).toBe('offline');
  });

  it('gives the last time the user was seen', () => {
    expect(lastActive({ active_timestamp: T - 5, idle_timestamp: T })).toBe(T);
    expect(lastActive({ active_timestamp: 0, idle_timestamp: 0 })).toBeUndefined();
  });
});

describe('presenceSettingsFrom', () => {
  it("uses register's values and upstream's 60 s / 140 s for older servers", () => {
    expect(presenceSettingsFrom({})).toEqual(DEFAULT_PRESENCE_SETTINGS);
    expect(
      presenceSettingsFrom({
        server_presence_ping_interval_seconds: 30,
        server_presence_offline_threshold_seconds: 70,
        realm_presence_disabled: true,
      }),
    ).toEqual({ pingIntervalSeconds: 30, offlineThresholdSeconds: 70, presenceDisabled: true });
  });
});

describe('presencesFromWire', () => {
  const ids = new Map([['ann@x.test', 3]]);
  it('reads the modern format keyed by id and the legacy one keyed by email', () => {
    expect(
      presencesFromWire(
        {
          '7': { active_timestamp: T, idle_timestamp: T + 5 },
          'ann@x.test': {
            website: { client: 'website', status: 'idle', timestamp: T, pushable: false },
            aggregated: { client: 'website', status: 'idle', timestamp: T },
          },
          'gone@x.test': { aggregated: { status: 'active', timestamp: T } },
        },
        (email) => ids.get(email),
      ),
    ).toEqual([
      [7, { active_timestamp: T, idle_timestamp: T + 5 }],
      [3, { active_timestamp: 0, idle_timestamp: T }],
    ]);
  });
});
