/**
 * The Inbox as the flat list of rows the window draws: each organization's header, its
 * channels with their topics, then its direct conversations; filtered by organization,
 * by "only mentions and DMs", and with muted conversations left out unless asked for.
 */
import type { AccountSummary } from '../../../contract/contract.ts';
import type {
  InboxAccountWire,
  InboxChannelWire,
  InboxDmWire,
  InboxTopicWire,
  PendingReadWire,
} from '../../../contract/schemas/inbox.ts';

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

/**
 * Rows made for lists the Core's patches left alone, by those lists' identity: a patch
 * replaces only the account, channels and DMs it touches (contract/inbox-patch.ts), so an
 * incoming message makes only its own rows anew and the list redraws only those: the page's
 * work per message is independent of the list's length.
 */
export class InboxRowCache {
  #filters = '';
  #accounts = new WeakMap<InboxAccountWire, { account: AccountSummary; rows: InboxRow[] }>();
  #channels = new WeakMap<InboxChannelWire, ChannelRows>();
  #dms = new WeakMap<InboxDmWire, InboxRow>();
  #topics = new WeakMap<InboxTopicWire, InboxRow & { kind: 'topic' }>();
  #dmHeads = new WeakMap<readonly InboxDmWire[], InboxRow & { kind: 'dms' }>();
  /** Each channel's rows as last made, by account and channel, for its next version to start from. */
  #lastChannels = new Map<string, ChannelRows>();

  /** Forgets every row when the filters change: each row depends on them. */
  filtered(filters: InboxFilters): void {
    const key = `${filters.org}|${filters.mentionsAndDms}|${filters.showMuted}`;
    if (key === this.#filters) return;
    this.#filters = key;
    this.#accounts = new WeakMap();
    this.#channels = new WeakMap();
    this.#dms = new WeakMap();
    this.#topics = new WeakMap();
    this.#dmHeads = new WeakMap();
    this.#lastChannels = new Map();
  }

  account(account: AccountSummary, inbox: InboxAccountWire): InboxRow[] | undefined {
    const kept = this.#accounts.get(inbox);
    return kept?.account === account ? kept.rows : undefined;
  }

  keepAccount(account: AccountSummary, inbox: InboxAccountWire, rows: InboxRow[]): void {
    this.#accounts.set(inbox, { account, rows });
  }

  /** A channel's rows: made from its last version's when there is one (`make`'s argument). */
  channel(
    id: string,
    channel: InboxChannelWire,
    make: (last: ChannelRows | undefined) => ChannelRows,
  ): ChannelRows {
    const kept = this.#channels.get(channel);
    if (kept?.accountId === id) return kept;
    const at = `${id}:${channel.streamId}`;
    const made = make(this.#lastChannels.get(at));
    this.#channels.set(channel, made);
    this.#lastChannels.set(at, made);
    return made;
  }

  /**
   * A topic's row: a patch to one topic copies its channel, so the other topics' rows are
   * kept while what they show of the channel is the same.
   */
  topic(
    id: string,
    channel: InboxChannelWire,
    topic: InboxTopicWire,
    channelKey: string,
  ): InboxRow {
    const kept = this.#topics.get(topic);
    // The same topic of the same channel and account has the same key: not made again for
    // each of a long channel's topics on every message to it.
    if (kept && kept.accountId === id && sameChannel(kept.channel, channel)) return kept;
    const key = `${channelKey}:${topic.name.toLowerCase()}`;
    const made = { kind: 'topic' as const, key, accountId: id, channel, topic };
    this.#topics.set(topic, made);
    return made;
  }

  /** The "Direct messages" row, with the unread count of them all. */
  dmsHead(id: string, dms: readonly InboxDmWire[]): InboxRow & { kind: 'dms' } {
    const kept = this.#dmHeads.get(dms);
    if (kept?.accountId === id) return kept;
    const made = {
      kind: 'dms' as const,
      key: `ds:${id}`,
      accountId: id,
      unread: sum(dms, 'unread'),
    };
    this.#dmHeads.set(dms, made);
    return made;
  }

  dm(id: string, dm: InboxDmWire): InboxRow {
    const kept = this.#dms.get(dm);
    if (kept && kept.kind === 'dm' && kept.accountId === id) return kept;
    const made: InboxRow = {
      kind: 'dm',
      key: `d:${id}:${dm.userIds.join(',')}`,
      accountId: id,
      dm,
    };
    this.#dms.set(dm, made);
    return made;
  }
}

function sameChannel(a: InboxChannelWire, b: InboxChannelWire): boolean {
  return (
    a === b ||
    (a.streamId === b.streamId && a.name === b.name && a.color === b.color && a.muted === b.muted)
  );
}

interface ChannelRows {
  accountId: string;
  rows: InboxRow[];
  unread: number;
  mentions: number;
  /** What the rows were made of: the channel, its topics, and each one's row (none if hidden). */
  channel: InboxChannelWire;
  topics: readonly InboxTopicWire[];
  made: readonly (InboxRow | undefined)[];
}

export function inboxRows(
  accounts: readonly AccountSummary[],
  inboxes: ReadonlyMap<string, InboxAccountWire>,
  filters: InboxFilters,
  cache = new InboxRowCache(),
): InboxRow[] {
  // Read once: the view's filters are a `$state` proxy, whose every read costs a lookup and a
  // dependency check, and a long channel's topics are each filtered by two of them.
  filters = {
    org: filters.org,
    mentionsAndDms: filters.mentionsAndDms,
    showMuted: filters.showMuted,
  };
  cache.filtered(filters);
  // Each account's rows are kept as a list; the lists are joined in one native pass rather
  // than row by row, as every patch joins them all again.
  const lists: InboxRow[][] = [];
  for (const account of accounts) {
    if (filters.org !== 'all' && filters.org !== account.id) continue;
    const inbox = inboxes.get(account.id);
    if (inbox === undefined) continue;
    let own = cache.account(account, inbox);
    if (own === undefined) {
      own = accountRows(account, inbox, filters, cache);
      cache.keepAccount(account, inbox, own);
    }
    lists.push(own);
  }
  return ([] as InboxRow[]).concat(...lists);
}

function accountRows(
  account: AccountSummary,
  inbox: InboxAccountWire,
  filters: InboxFilters,
  cache: InboxRowCache,
): InboxRow[] {
  const rows: InboxRow[] = [];
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
  // Direct messages first, then the channels, as upstream's Inbox lists them.
  if (inbox.dms.length > 0) {
    const dmsHead = cache.dmsHead(id, inbox.dms);
    header.unread += dmsHead.unread;
    header.mentions += sum(inbox.dms, 'mentions');
    rows.push(dmsHead);
    for (const dm of inbox.dms) rows.push(cache.dm(id, dm));
  }
  const lists = [rows];
  let shown = rows.length - before;
  for (const channel of inbox.channels) {
    const made = cache.channel(id, channel, (last) =>
      channelRows(id, channel, filters, cache, last),
    );
    header.unread += made.unread;
    header.mentions += made.mentions;
    shown += made.rows.length;
    lists.push(made.rows);
  }
  if (shown === 0) {
    // A saved copy knows what was unread when it was saved: "nothing unread", not "nothing known".
    const unknown = inbox.stale && inbox.savedAt === undefined;
    rows.push({ kind: 'empty', key: `e:${id}`, accountId: id, stale: unknown });
  }
  return rows.concat(...lists.slice(1));
}

/**
 * A channel's row and its topics' rows, with the counts of the topics shown: one pass over
 * the topics, since a patch to one topic of a long channel has the channel's rows made again.
 * A patch copies the channel's list of topics with a few taken out or put in
 * (contract/inbox-patch.ts) and every other topic the same object, so the pass walks the last
 * version's topics beside the new ones and takes each row kept in place from there: a long
 * channel's rows cost a comparison per topic, not a lookup.
 */
function channelRows(
  id: string,
  channel: InboxChannelWire,
  filters: InboxFilters,
  cache: InboxRowCache,
  last: ChannelRows | undefined,
): ChannelRows {
  const ck = `c:${id}:${channel.streamId}`;
  const head = {
    kind: 'channel' as const,
    key: ck,
    accountId: id,
    channel,
    unread: 0,
    mentions: 0,
  };
  const rows: InboxRow[] = [head];
  const topics = channel.topics;
  const made = new Array<InboxRow | undefined>(topics.length);
  // A topic's row shows its channel's name, colour and muting: kept only while those are.
  const before = last !== undefined && sameChannel(last.channel, channel) ? last : undefined;
  const was = before?.topics ?? [];
  let at = 0;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i] as InboxTopicWire;
    let row: InboxRow | undefined;
    if (was[at] === topic) row = before?.made[at++];
    else if (was[at + 1] === topic) {
      // The last version's topic here is gone (read, or moved up by a new message).
      row = before?.made[at + 1];
      at += 2;
    } else {
      // New here, or the lists have parted further than one topic: looked up.
      if (!filters.showMuted && topic.muted) continue;
      if (filters.mentionsAndDms && topic.mentions === 0) continue;
      row = cache.topic(id, channel, topic, ck);
    }
    made[i] = row;
    if (row === undefined) continue;
    head.unread += topic.unread;
    head.mentions += topic.mentions;
    rows.push(row);
  }
  const shown = rows.length === 1 ? [] : rows;
  return {
    accountId: id,
    rows: shown,
    unread: head.unread,
    mentions: head.mentions,
    channel,
    topics,
    made,
  };
}

function sum<K extends string>(items: readonly Record<K, number>[], field: K): number {
  let total = 0;
  for (const item of items) total += item[field];
  return total;
}

/**
 * Each row's top; the last entry is the list's height. Worked out for every row on every
 * change of the list, so in one pass with no list of heights in between.
 */
export function offsetsOf<T>(items: readonly T[], heightOf: (item: T) => number): number[] {
  const offsets = new Array<number>(items.length + 1);
  let y = 0;
  for (let i = 0; i < items.length; i++) {
    offsets[i] = y;
    y += heightOf(items[i] as T);
  }
  offsets[items.length] = y;
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
