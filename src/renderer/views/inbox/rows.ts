/**
 * The Inbox as the flat list of rows the window draws: each organization's header, its
 * channels with their topics, then its direct conversations; filtered by organization,
 * by "only mentions and DMs", and with muted conversations left out unless asked for.
 */
import type { AccountSummary } from '../../../core/rpc/contract.ts';
import type {
  InboxAccountWire,
  InboxChannelWire,
  InboxDmWire,
  InboxTopicWire,
  PendingReadWire,
} from '../../../core/rpc/schemas/inbox.ts';

export interface InboxFilters {
  /** An account id, or every organization. */
  org: string | 'all';
  mentionsAndDms: boolean;
  showMuted: boolean;
}

export type InboxRow =
  | {
      kind: 'org';
      key: string;
      account: AccountSummary;
      inbox: InboxAccountWire;
      unread: number;
      mentions: number;
    }
  | { kind: 'pending'; key: string; accountId: string; pending: PendingReadWire }
  | { kind: 'empty'; key: string; accountId: string; stale: boolean }
  | {
      kind: 'channel';
      key: string;
      accountId: string;
      channel: InboxChannelWire;
      unread: number;
      mentions: number;
    }
  | {
      kind: 'topic';
      key: string;
      accountId: string;
      channel: InboxChannelWire;
      topic: InboxTopicWire;
    }
  | { kind: 'dms'; key: string; accountId: string; unread: number }
  | { kind: 'dm'; key: string; accountId: string; dm: InboxDmWire };

/** Pixel heights per kind: fixed, so the list can be windowed without measuring. */
export const ROW_HEIGHT: Record<InboxRow['kind'], number> = {
  org: 52,
  pending: 34,
  empty: 34,
  channel: 34,
  topic: 34,
  dms: 34,
  dm: 34,
};

export function inboxRows(
  accounts: readonly AccountSummary[],
  inboxes: ReadonlyMap<string, InboxAccountWire>,
  filters: InboxFilters,
): InboxRow[] {
  const rows: InboxRow[] = [];
  for (const account of accounts) {
    if (filters.org !== 'all' && filters.org !== account.id) continue;
    const inbox = inboxes.get(account.id);
    if (inbox === undefined) continue;
    const id = account.id;
    const header: InboxRow & { kind: 'org' } = {
      kind: 'org',
      key: `o:${id}`,
      account,
      inbox,
      unread: 0,
      mentions: 0,
    };
    rows.push(header);
    for (const pending of inbox.pending) {
      rows.push({ kind: 'pending', key: `p:${id}:${pending.id}`, accountId: id, pending });
    }
    const before = rows.length;
    for (const channel of inbox.channels) {
      const topics = channel.topics.filter(
        (t) => (filters.showMuted || !t.muted) && (!filters.mentionsAndDms || t.mentions > 0),
      );
      if (topics.length === 0) continue;
      const unread = sum(topics, 'unread');
      const mentions = sum(topics, 'mentions');
      header.unread += unread;
      header.mentions += mentions;
      const ck = `c:${id}:${channel.streamId}`;
      rows.push({ kind: 'channel', key: ck, accountId: id, channel, unread, mentions });
      for (const topic of topics) {
        rows.push({
          kind: 'topic',
          key: `${ck}:${topic.name.toLowerCase()}`,
          accountId: id,
          channel,
          topic,
        });
      }
    }
    if (inbox.dms.length > 0) {
      const unread = sum(inbox.dms, 'unread');
      header.unread += unread;
      header.mentions += sum(inbox.dms, 'mentions');
      rows.push({ kind: 'dms', key: `ds:${id}`, accountId: id, unread });
      for (const dm of inbox.dms) {
        rows.push({ kind: 'dm', key: `d:${id}:${dm.userIds.join(',')}`, accountId: id, dm });
      }
    }
    if (rows.length === before) {
      rows.push({ kind: 'empty', key: `e:${id}`, accountId: id, stale: inbox.stale });
    }
  }
  return rows;
}

function sum<K extends string>(items: readonly Record<K, number>[], field: K): number {
  let total = 0;
  for (const item of items) total += item[field];
  return total;
}

/** Each row's top; the last entry is the list's height. */
export function offsetsOf(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  let y = 0;
  for (let i = 0; i < heights.length; i++) {
    offsets[i] = y;
    y += heights[i] as number;
  }
  offsets[heights.length] = y;
  return offsets;
}

/** The rows meeting [top - overscan, top + viewport + overscan]: start inclusive, end exclusive. */
export function visibleRange(
  offsets: readonly number[],
  top: number,
  viewport: number,
  overscan = 300,
): { start: number; end: number } {
  const count = offsets.length - 1;
  const at = (y: number) => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((offsets[mid] as number) <= y) lo = mid;
      else hi = mid - 1;
    }
    return Math.max(0, lo);
  };
  if (count <= 0) return { start: 0, end: 0 };
  return { start: at(top - overscan), end: Math.min(count, at(top + viewport + overscan) + 1) };
}

/** Organizations whose names another signed-in one shares: they are told apart by URL. */
export function sharedNames(accounts: readonly AccountSummary[]): Set<string> {
  const seen = new Map<string, number>();
  for (const a of accounts) seen.set(a.realmName, (seen.get(a.realmName) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([name]) => name));
}
