/** Recent conversations of every organization as one list, newest activity first, filtered. */
import type { AccountSummary } from '../../../contract/contract.ts';
import type { RecentAccountWire, RecentConversationWire } from '../../../contract/schemas/inbox.ts';
import type { InboxFilters } from '../inbox/rows.ts';
import { relativeDay, type DayOptions } from '../messages/day-label.ts';

export interface RecentRow {
  key: string;
  account: AccountSummary;
  conversation: RecentConversationWire;
  stale: boolean;
}

export const RECENT_ROW_HEIGHT = 48;

/**
 * A conversation's name in the list: "#channel > topic", or the other people of a direct
 * message (the reader is not named in their own conversations, as upstream's Recent view
 * does); a conversation with oneself is "yourself".
 */
export function conversationName(c: RecentConversationWire, account: AccountSummary): string {
  if (c.target.kind !== 'dm') return `#${c.channel ?? '?'} > ${c.topic}`;
  const others = c.participants.filter((p) => p !== account.fullName);
  if (c.target.userIds.every((id) => id === account.userId)) return 'yourself';
  return others.length > 0 ? others.join(', ') : c.participants.join(', ');
}

export function recentRows(
  accounts: readonly AccountSummary[],
  recents: ReadonlyMap<string, RecentAccountWire>,
  filters: InboxFilters,
): RecentRow[] {
  const rows: RecentRow[] = [];
  for (const account of accounts) {
    if (filters.org !== 'all' && filters.org !== account.id) continue;
    const recent = recents.get(account.id);
    for (const c of recent?.conversations ?? []) {
      if (c.muted && !filters.showMuted) continue;
      if (filters.mentionsAndDms && c.target.kind !== 'dm' && c.mentions === 0) continue;
      rows.push({ key: `${account.id}:${c.key}`, account, conversation: c, stale: recent!.stale });
    }
  }
  // Server clocks, not message ids, order conversations of different organizations; within
  // one second, one account's are still ordered by its message ids (the sort is stable).
  return rows.sort(
    (a, b) =>
      b.conversation.lastActivity - a.conversation.lastActivity ||
      (a.account.id === b.account.id
        ? b.conversation.lastMessageId - a.conversation.lastMessageId
        : 0),
  );
}

/**
 * "5 min ago", "3 h ago" within the reader's today, then "Yesterday", then the date (its
 * year only when it is not this one): how long since a conversation was active.
 */
export function ago(unixSeconds: number, nowMs: number, o: DayOptions = {}): string {
  const s = Math.max(0, Math.floor(nowMs / 1000 - unixSeconds));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  const day = relativeDay(unixSeconds, nowMs, o);
  if (day === 'today') return `${Math.floor(s / 3600)} h ago`;
  if (day === 'yesterday') return 'Yesterday';
  const year = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: o.timeZone, year: 'numeric' }).format(ms);
  return new Intl.DateTimeFormat(o.locale, {
    timeZone: o.timeZone,
    month: 'short',
    day: 'numeric',
    ...(year(unixSeconds * 1000) === year(nowMs) ? {} : { year: 'numeric' }),
  }).format(new Date(unixSeconds * 1000));
}
