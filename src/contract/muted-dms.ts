/**
 * Perch's own muting of a direct message conversation's notifications (docs/notifications.md
 * "Muted direct messages"). The chat API mutes channels and topics only, so this is kept in
 * Perch's preferences, per account, and the notification policy honours it (rule A8).
 */
import type { Preferences } from './contract.ts';

/**
 * A DM conversation as the preferences name it: its other participants' ids, sorted; the
 * user's own id for the conversation with oneself (as its narrow names it). The views list a
 * conversation's others without the reader and a notification's narrow names the user for
 * notes to self: given the reader's id, both come to the same key.
 */
export function dmConversationId(userIds: readonly number[], selfId: number): string {
  const others = [...new Set(userIds)].filter((id) => id !== selfId);
  return (others.length > 0 ? others : [selfId]).sort((a, b) => a - b).join(',');
}

/** The participants other than the reader of a key `dmConversationId` made; empty for self. */
export function dmParticipants(key: string, selfId: number): number[] {
  return key
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0 && id !== selfId);
}

export function isDmMuted(
  prefs: Preferences,
  accountId: string,
  userIds: readonly number[],
  selfId: number,
): boolean {
  return prefs.mutedDms?.[accountId]?.includes(dmConversationId(userIds, selfId)) ?? false;
}

/** The preferences change that mutes (or unmutes) one DM conversation of one account. */
export function withDmMuted(
  prefs: Preferences,
  accountId: string,
  userIds: readonly number[],
  selfId: number,
  muted: boolean,
): Pick<Preferences, 'mutedDms'> {
  const id = dmConversationId(userIds, selfId);
  // '' was notes to self as the views once keyed it: never a key now, so it goes at any change.
  const current = (prefs.mutedDms?.[accountId] ?? []).filter((c) => c !== id && c !== '');
  const next = muted ? [...current, id] : current;
  const all = { ...prefs.mutedDms };
  if (next.length > 0) all[accountId] = next;
  else delete all[accountId];
  return { mutedDms: all };
}
