/**
 * Who is online, by upstream's rules: a user is "active" while their last active report
 * is younger than the server's offline threshold, "idle" while only their last connection
 * is, and "offline" otherwise. Pure, so the dots, the bench and the tests agree.
 */

/** Upstream's modern presence format: UNIX seconds, 0 for never. */
export interface UserPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

export type PresenceStatus = 'active' | 'idle' | 'offline';

export interface PresenceSettings {
  /** How often a client reports (register `server_presence_ping_interval_seconds`). */
  pingIntervalSeconds: number;
  /** How old a timestamp may be before the user shows offline (`..._offline_threshold_seconds`). */
  offlineThresholdSeconds: number;
  /** The organization does not share presence (`realm_presence_disabled`). */
  presenceDisabled: boolean;
}

/** Upstream's values for servers before FL 164, which did not send them. */
export const DEFAULT_PRESENCE_SETTINGS: PresenceSettings = {
  pingIntervalSeconds: 60,
  offlineThresholdSeconds: 140,
  presenceDisabled: false,
};

/** `nowMs`: the current time in milliseconds since the epoch (the Core's clock). */
export function presenceState(
  presence: UserPresence | undefined,
  nowMs: number,
  settings: PresenceSettings,
): PresenceStatus {
  if (presence === undefined || settings.presenceDisabled) return 'offline';
  const now = nowMs / 1000;
  const recent = (timestamp: number) =>
    timestamp > 0 && now - timestamp < settings.offlineThresholdSeconds;
  if (recent(presence.active_timestamp)) return 'active';
  if (recent(presence.idle_timestamp)) return 'idle';
  return 'offline';
}

/** When the user was last seen (UNIX seconds), or undefined for never. */
export function lastActive(presence: UserPresence | undefined): number | undefined {
  if (presence === undefined) return undefined;
  const latest = Math.max(presence.active_timestamp, presence.idle_timestamp);
  return latest > 0 ? latest : undefined;
}

export function presenceSettingsFrom(r: {
  server_presence_ping_interval_seconds?: unknown;
  server_presence_offline_threshold_seconds?: unknown;
  realm_presence_disabled?: unknown;
}): PresenceSettings {
  const positive = (v: unknown, fallback: number) =>
    typeof v === 'number' && v > 0 ? v : fallback;
  return {
    pingIntervalSeconds: positive(
      r.server_presence_ping_interval_seconds,
      DEFAULT_PRESENCE_SETTINGS.pingIntervalSeconds,
    ),
    offlineThresholdSeconds: positive(
      r.server_presence_offline_threshold_seconds,
      DEFAULT_PRESENCE_SETTINGS.offlineThresholdSeconds,
    ),
    presenceDisabled: r.realm_presence_disabled === true,
  };
}

interface LegacyClient {
  status?: unknown;
  timestamp?: unknown;
}

/** One legacy entry (`{client: {status, timestamp}}`, with `aggregated`) in the modern form. */
export function fromLegacy(entry: Record<string, LegacyClient>): UserPresence {
  let active = 0;
  let idle = 0;
  for (const [client, info] of Object.entries(entry)) {
    if (client === 'aggregated' && Object.keys(entry).length > 1) continue;
    const ts = typeof info.timestamp === 'number' ? info.timestamp : 0;
    if (info.status === 'active') active = Math.max(active, ts);
    idle = Math.max(idle, ts);
  }
  return { active_timestamp: active, idle_timestamp: idle };
}

function isModern(v: unknown): v is UserPresence {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as UserPresence).active_timestamp === 'number' &&
    typeof (v as UserPresence).idle_timestamp === 'number'
  );
}

/**
 * A `presences` object of either format as entries by user id. Legacy entries are keyed
 * by email: `idByEmail` resolves them, and those it cannot are left out.
 */
export function presencesFromWire(
  presences: Record<string, unknown> | undefined,
  idByEmail: (email: string) => number | undefined,
): [number, UserPresence][] {
  const out: [number, UserPresence][] = [];
  for (const [key, value] of Object.entries(presences ?? {})) {
    if (typeof value !== 'object' || value === null) continue;
    if (isModern(value)) {
      const id = Number(key);
      if (Number.isInteger(id)) out.push([id, { ...value }]);
      continue;
    }
    const id = /^\d+$/.test(key) ? Number(key) : idByEmail(key);
    if (id !== undefined) out.push([id, fromLegacy(value as Record<string, LegacyClient>)]);
  }
  return out;
}
