/**
 * Perch's own muting of a direct message conversation's notifications (docs/notifications.md
 * "Muted direct messages"). The chat API mutes channels and topics only, so this is kept in
 * Perch's preferences, per account, and the notification policy honours it (rule A8).
 */
import type { Preferences } from './contract.ts';

/** A DM conversation as the preferences name it: its other participants' ids, sorted. */
export function dmConversationId(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(',');
}

export function isDmMuted(
  prefs: Preferences,
  accountId: string,
  userIds: readonly number[],
): boolean {
  return prefs.mutedDms?.[accountId]?.includes(dmConversationId(userIds)) ?? false;
}

/** The preferences change that mutes (or unmutes) one DM conversation of one account. */
export function withDmMuted(
  prefs: Preferences,
  accountId: string,
  userIds: readonly number[],
  muted: boolean,
): Pick<Preferences, 'mutedDms'> {
  const id = dmConversationId(userIds);
  const current = (prefs.mutedDms?.[accountId] ?? []).filter((c) => c !== id);
  const next = muted ? [...current, id] : current;
  const all = { ...prefs.mutedDms };
  if (next.length > 0) all[accountId] = next;
  else delete all[accountId];
  return { mutedDms: all };
}
