/**
 * Presence as upstream keeps it: per user, when a client last reported them active and
 * when one last reported them connected at all (idle or active), with an increasing
 * update id so that clients polling POST /users/me/presence fetch only what changed.
 * Kept beside the state (like drafts) because no other part of the server reads it.
 */
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';

export interface PresenceRecord {
  /** UNIX seconds a client last said "active"; 0 when never. */
  active: number;
  /** UNIX seconds a client last said "active" or "idle". */
  connected: number;
  /** The update id of the last change, for `last_update_id` fetches. */
  updateId: number;
}

export interface PresenceStore {
  readonly byUser: Map<number, PresenceRecord>;
  lastUpdateId: number;
  /** The organization setting `presence_disabled`: nobody's presence is shared. */
  realmDisabled: boolean;
}

/** Upstream's defaults for the register keys of the same names (FL 164). */
export const PING_INTERVAL_SECONDS = 60;
export const OFFLINE_THRESHOLD_SECONDS = 140;
/** Presence older than this is left out unless the client asks for more (FL 288). */
export const DEFAULT_HISTORY_DAYS = 14;
/** Legacy format: "active" while the last active report is at most this much older than the last connection. */
const LEGACY_ACTIVE_OFFSET_SECONDS = 70;

const stores = new WeakMap<ServerState, PresenceStore>();

export function presenceOf(state: ServerState): PresenceStore {
  let store = stores.get(state);
  if (!store) {
    store = { byUser: new Map(), lastUpdateId: 0, realmDisabled: false };
    stores.set(state, store);
  }
  return store;
}

/** Whether others may see this user's presence: the realm shares it and the user allows it. */
export function sharesPresence(state: ServerState, user: UserRecord): boolean {
  return (
    !presenceOf(state).realmDisabled && user.is_active && user.settings.presence_enabled !== false
  );
}

export interface Reported {
  record: PresenceRecord;
  /** The user went from offline to online, or from idle to active: worth an event. */
  cameBack: boolean;
}

/** Records a report of `status` at `now` (UNIX seconds). */
export function recordPresence(
  state: ServerState,
  userId: number,
  status: 'active' | 'idle',
  now: number,
): Reported {
  const store = presenceOf(state);
  const before = store.byUser.get(userId);
  const wasOnline = before !== undefined && now - before.connected <= OFFLINE_THRESHOLD_SECONDS;
  const wasActive = before !== undefined && now - before.active <= OFFLINE_THRESHOLD_SECONDS;
  const record: PresenceRecord = {
    active: status === 'active' ? now : (before?.active ?? 0),
    connected: now,
    updateId: ++store.lastUpdateId,
  };
  store.byUser.set(userId, record);
  return { record, cameBack: !wasOnline || (status === 'active' && !wasActive) };
}

/** Upstream's modern format, keyed by user id. */
export function modernPresence(r: PresenceRecord): Record<string, number> {
  return { active_timestamp: r.active, idle_timestamp: r.connected };
}

/** The legacy per-client format, whose one client is always "website" since FL 178. */
export function legacyClient(r: PresenceRecord, withPushable: boolean): Record<string, unknown> {
  const active = r.active + LEGACY_ACTIVE_OFFSET_SECONDS >= r.connected;
  return {
    client: 'website',
    status: active ? 'active' : 'idle',
    timestamp: active ? r.active : r.connected,
    ...(withPushable ? { pushable: false } : {}),
  };
}

export function legacyPresence(r: PresenceRecord): Record<string, unknown> {
  return { website: legacyClient(r, true), aggregated: legacyClient(r, false) };
}

export interface PresenceQuery {
  modern: boolean;
  /** Only records changed after this update id (modern format only); -1 or absent: all. */
  afterUpdateId?: number;
  historyDays?: number;
  now: number;
}

/**
 * The `presences` object of register, GET /realm/presence and POST /users/me/presence:
 * every user who shares presence and was connected within the history window.
 */
export function presencesFor(
  state: ServerState,
  q: PresenceQuery,
): { presences: Record<string, unknown>; lastUpdateId: number } {
  const store = presenceOf(state);
  const presences: Record<string, unknown> = {};
  const after = q.afterUpdateId ?? -1;
  // History limits only the first fetch; an incremental one is limited by the update id.
  const oldest = after > 0 ? 0 : q.now - (q.historyDays ?? DEFAULT_HISTORY_DAYS) * 86_400;
  let last = after;
  for (const [userId, record] of store.byUser) {
    const user = state.users.get(userId);
    if (!user || !sharesPresence(state, user)) continue;
    if (record.updateId <= after || record.connected < oldest) continue;
    last = Math.max(last, record.updateId);
    if (q.modern) presences[String(userId)] = modernPresence(record);
    else presences[user.email] = legacyPresence(record);
  }
  return { presences, lastUpdateId: last };
}

/** A presence event carrying both shapes; the event queues keep the one each client asked for. */
export function presenceEvent(
  user: UserRecord,
  record: PresenceRecord,
  serverTimestamp: number,
): Record<string, unknown> {
  return {
    type: 'presence',
    presences: { [String(user.user_id)]: modernPresence(record) },
    user_id: user.user_id,
    email: user.email,
    server_timestamp: serverTimestamp,
    presence: { website: legacyClient(record, true) },
  };
}

/** Modern presence events exist since FL 419, for queues with `simplified_presence_events`. */
export const SIMPLIFIED_PRESENCE_LEVEL = 419;

/** The form of a presence event one queue receives. */
export function presenceEventFor(
  event: Record<string, unknown>,
  simplified: boolean,
): Record<string, unknown> {
  const { presences, user_id, email, server_timestamp, presence } = event;
  return simplified
    ? { type: 'presence', presences }
    : { type: 'presence', user_id, email, server_timestamp, presence };
}

/** What a user who stopped sharing presence looks like to others: never connected. */
export const OFFLINE_RECORD: PresenceRecord = { active: 0, connected: 0, updateId: 0 };
