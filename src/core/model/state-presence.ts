/**
 * Presence and user status in the account state: loaded from register, updated by
 * `presence` and `user_status` events and by the answers of POST /users/me/presence.
 */
import { fromLegacy, presencesFromWire, type UserPresence } from '../presence/presence-state.ts';
import type { AccountModel } from './account-model.ts';
import type { PresenceEvent, UserStatus, UserStatusEvent } from './state-types.ts';

function idByEmail(model: AccountModel): (email: string) => number | undefined {
  let index: Map<string, number> | undefined;
  return (email) => {
    index ??= new Map([...model.users.values()].map((u) => [u.email ?? '', u.user_id]));
    return index.get(email);
  };
}

/** Replaces what the answer lists; `lastUpdateId` is the answer's presence_last_update_id. */
export function mergePresences(
  model: AccountModel,
  presences: Record<string, unknown> | undefined,
  lastUpdateId?: number,
): void {
  for (const [id, presence] of presencesFromWire(presences, idByEmail(model)))
    model.presences.set(id, presence);
  if (lastUpdateId !== undefined && lastUpdateId > model.presenceLastUpdateId)
    model.presenceLastUpdateId = lastUpdateId;
}

export function applyPresence(model: AccountModel, e: PresenceEvent): void {
  if (e.presences !== undefined) {
    mergePresences(model, e.presences);
    return;
  }
  if (e.user_id === undefined || e.presence === undefined) return;
  const reported: UserPresence = fromLegacy(e.presence);
  const known = model.presences.get(e.user_id);
  // A legacy event names one status; an "idle" report keeps the last active time known.
  model.presences.set(
    e.user_id,
    reported.idle_timestamp === 0
      ? reported
      : {
          active_timestamp: Math.max(reported.active_timestamp, known?.active_timestamp ?? 0),
          idle_timestamp: reported.idle_timestamp,
        },
  );
}

const STATUS_FIELDS = ['away', 'status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const;

/** Only the fields the event carries change; empty values (and `away: false`) clear. */
export function applyUserStatus(model: AccountModel, e: UserStatusEvent): void {
  const next: UserStatus = { ...model.statuses.get(e.user_id) };
  for (const field of STATUS_FIELDS) {
    const value = e[field];
    if (value === undefined) continue;
    if (value === '' || value === false) delete next[field];
    else (next as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(next).length === 0) model.statuses.delete(e.user_id);
  else model.statuses.set(e.user_id, next);
}

export function statusesFromRegister(
  wire: Record<string, UserStatus> | undefined,
): Map<number, UserStatus> {
  const out = new Map<number, UserStatus>();
  for (const [key, status] of Object.entries(wire ?? {})) {
    const id = Number(key);
    if (Number.isInteger(id) && Object.keys(status).length > 0) out.set(id, { ...status });
  }
  return out;
}
