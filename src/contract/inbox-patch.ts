/**
 * Inbox and Recent cross the bridge as keyed changes. The Core keeps, per
 * account, what it last pushed (each row as its JSON text) and pushes only the rows that
 * differ; the renderer applies them to its copy. Both sides use this module, so the keys
 * and the order of rows (channels by name, topics and DMs newest first, as
 * src/core/model/inbox-rows.ts builds them) are the same on both.
 */
import type {
  InboxAccountWire,
  InboxChannelWire,
  InboxDmWire,
  InboxPatchWire,
  InboxRowWire,
  RecentAccountWire,
  RecentConversationWire,
  RecentPatchWire,
} from './schemas/inbox.ts';

/**
 * A list of channels, each with its topics, then direct conversations: the Inbox's shape
 * and the Messages sidebar's. Each is crossed as keyed rows and put back together the same
 * way; only what a row holds and the orders differ.
 */
export type GroupedRow<C extends { topics: unknown[] }, D> =
  | { kind: 'channel'; channel: Omit<C, 'topics'> }
  | { kind: 'topic'; streamId: number; topic: C['topics'][number] }
  | { kind: 'dm'; dm: D };

interface GroupedChannel {
  streamId: number;
  topics: { name: string }[];
}

/** The orders both sides keep: the Core builds its list in them, the page inserts by them. */
export interface GroupedOrder<C extends GroupedChannel, D> {
  channel: (a: Omit<C, 'topics'>, b: Omit<C, 'topics'>) => number;
  topic: (a: C['topics'][number], b: C['topics'][number]) => number;
  dm: (a: D, b: D) => number;
}

export function groupedRowKey<C extends GroupedChannel, D extends { userIds: number[] }>(
  row: GroupedRow<C, D>,
): string {
  if (row.kind === 'channel') return `c:${(row.channel as { streamId: number }).streamId}`;
  if (row.kind === 'topic') return `t:${row.streamId}:${row.topic.name.toLowerCase()}`;
  return `d:${row.dm.userIds.join(',')}`;
}

/** Channels, their topics and the conversations as keyed rows. */
export function groupedRows<C extends GroupedChannel, D>(
  channels: readonly C[],
  dms: readonly D[],
): GroupedRow<C, D>[] {
  const rows: GroupedRow<C, D>[] = [];
  for (const { topics, ...channel } of channels) {
    rows.push({ kind: 'channel', channel });
    for (const topic of topics) rows.push({ kind: 'topic', streamId: channel.streamId, topic });
  }
  for (const dm of dms) rows.push({ kind: 'dm', dm });
  return rows;
}

/**
 * What each grouped row is made of, for `KeyedBaseline.diff`'s `identity`: a topic or a
 * conversation its own object; a channel's row, a copy made for the push without its
 * topics, the channel it copies. Rows built incrementally are the same objects while
 * unchanged, so an unchanged row costs a lookup and is never written out as text.
 */
export function groupedRowSource<C extends GroupedChannel, D>(
  channels: readonly C[],
): (row: GroupedRow<C, D>) => unknown {
  const channelOf = new Map<number, C>();
  for (const c of channels) channelOf.set(c.streamId, c);
  return (row) =>
    row.kind === 'topic'
      ? row.topic
      : row.kind === 'dm'
        ? row.dm
        : channelOf.get((row.channel as { streamId: number }).streamId);
}

export const inboxRowKey: (row: InboxRowWire) => string = groupedRowKey;

/** An account's Inbox as keyed rows. */
export function inboxRows(wire: InboxAccountWire): InboxRowWire[] {
  return groupedRows(wire.channels, wire.dms) as InboxRowWire[];
}

/**
 * What differs in an account's Inbox from the last push, as the Core pushes it. The rows are
 * the store's (src/core/model/inbox-rows.ts), never changed once made: a topic or direct
 * conversation made of the same object as last time is the same row, and only the rows a
 * change made anew are compared as text. Undefined when nothing differs.
 */
export function diffInbox(
  baseline: KeyedBaseline,
  wire: InboxAccountWire,
  /** The head (all but the rows and `seq`) as JSON, when the caller has it already. */
  headText?: string,
): Omit<InboxPatchWire, 'seq'> | undefined {
  const { head, rows: all, keyOf, identity } = inboxPushRows(wire, headText);
  const rows = baseline.diff(all(), keyOf, { frozen: () => true, identity });
  if (rows.upsert.length === 0 && rows.remove.length === 0) return undefined;
  return {
    accountId: wire.accountId,
    head,
    upsert: rows.upsert.filter((r): r is InboxRowWire => !('head' in r)),
    remove: rows.remove,
  };
}

/**
 * The account's Inbox as the first push into an empty baseline that no view hears (the Core
 * answering a start's first `inbox.get` with nobody following the Inbox's patches): kept as
 * the lists it is made of, its keyed rows built only if a later diff or record compares with
 * them, so the 4 000 rows of an account's saved Inbox cost no row before they are shown
 * (bench/README.md, `cache-start`). False, and nothing kept, when the baseline holds a push.
 */
export function keepFirstInbox(
  baseline: KeyedBaseline,
  wire: InboxAccountWire,
  headText?: string,
): boolean {
  if (!baseline.empty) return false;
  const { rows, keyOf, identity } = inboxPushRows(wire, headText);
  baseline.keepFirst(rows, keyOf, identity);
  return true;
}

/** An Inbox push's keyed rows (the head first), their keys and what each is made of. */
function inboxPushRows(wire: InboxAccountWire, headText: string | undefined) {
  const { channels, dms: _d, seq: _s, ...head } = wire;
  // The head is made anew for each push: its text says whether it is the same.
  const headId = headText ?? JSON.stringify(head);
  type Row = InboxRowWire | { head: typeof head };
  const sourceOf = groupedRowSource(channels) as (row: InboxRowWire) => unknown;
  return {
    head,
    rows: (): Row[] => [{ head }, ...inboxRows(wire)],
    keyOf: (r: Row): string => ('head' in r ? 'head' : inboxRowKey(r)),
    identity: (r: Row): unknown => ('head' in r ? headId : sourceOf(r)),
  };
}

/**
 * A row as last pushed: the row, what it is made of when it is never changed after (`id`),
 * and its JSON text once a diff has had to compare it.
 */
interface Kept {
  row: unknown;
  id: unknown;
  text?: string;
}

function textOf(kept: Kept): string {
  return (kept.text ??= JSON.stringify(kept.row));
}

/** What was last pushed for one list: rows by key, compared by what they are made of or as JSON. */
export class KeyedBaseline {
  #rows = new Map<string, Kept>();
  /**
   * The rows of a first push, every one frozen, kept as the list they came in until a later
   * diff or record compares with them: a start's first Inbox (thousands of rows per account)
   * then costs no key and no entry per row before it is shown.
   */
  #unkept:
    | {
        /** The rows, or what makes them when first needed (keepFirst). */
        rows: readonly unknown[] | (() => readonly unknown[]);
        keyOf: (row: never) => string;
        identity: (row: never) => unknown;
      }
    | undefined;
  seq = 0;

  /**
   * The rows that differ from the last push and the keys gone since; the baseline moves on.
   * `frozen`: the rows nothing changes after this call. One new to the baseline is kept as it
   * is and written out as text only if a later diff compares with it, so a first push of
   * thousands of rows writes none; and one made of the same object as last time (`identity`,
   * the row itself by default) is the same row, so the rows an incremental change left alone
   * cost a lookup each and are never written out.
   */
  diff<Row>(
    rows: readonly Row[],
    keyOf: (row: Row) => string,
    {
      frozen,
      identity = (row) => row,
    }: { frozen?: (row: Row) => boolean; identity?: (row: Row) => unknown } = {},
  ): { upsert: Row[]; remove: string[] } {
    if (this.#unkept !== undefined) this.#keep();
    // Nothing pushed yet: every row is new, so all of them are the upsert and none is gone.
    if (this.#rows.size === 0 && frozen !== undefined && rows.every((row) => frozen(row))) {
      this.#unkept = { rows, keyOf, identity };
      return { upsert: [...rows], remove: [] };
    }
    const next = new Map<string, Kept>();
    const upsert: Row[] = [];
    let added = 0;
    for (const row of rows) {
      const key = keyOf(row);
      const before = this.#rows.get(key);
      if (before === undefined) added++;
      if (frozen?.(row)) {
        const id = identity(row);
        if (before !== undefined && before.id === id) {
          next.set(key, before);
          continue;
        }
        const kept: Kept = { row, id };
        next.set(key, kept);
        if (before === undefined || textOf(before) !== textOf(kept)) upsert.push(row);
        continue;
      }
      const kept: Kept = { row, id: undefined, text: JSON.stringify(row) };
      next.set(key, kept);
      if (before === undefined || textOf(before) !== kept.text) upsert.push(row);
    }
    const remove: string[] = [];
    // With no key new to the baseline, the same count means none is gone.
    if (added > 0 || next.size !== this.#rows.size) {
      for (const key of this.#rows.keys()) if (!next.has(key)) remove.push(key);
    }
    this.#rows = next;
    return { upsert, remove };
  }

  /** Nothing pushed yet. */
  get empty(): boolean {
    return this.#rows.size === 0 && this.#unkept === undefined;
  }

  /**
   * The first push, made of frozen rows (see `diff`) that nobody was sent: the rows are made
   * only when a later diff or record compares with them. The baseline must be empty.
   */
  keepFirst<Row>(
    rows: () => readonly Row[],
    keyOf: (row: Row) => string,
    identity: (row: Row) => unknown,
  ): void {
    if (!this.empty) throw new Error('keepFirst: the baseline already holds a push');
    this.#unkept = { rows, keyOf, identity };
  }

  /** A row pushed by itself (not through `diff`): the next diff compares with it. */
  record(key: string, row: unknown): void {
    if (this.#unkept !== undefined) this.#keep();
    this.#rows.set(key, { row, id: undefined, text: JSON.stringify(row) });
  }

  /** The first push's rows into the baseline, as a diff of them would have kept them. */
  #keep(): void {
    const { rows, keyOf, identity } = this.#unkept as {
      rows: readonly unknown[] | (() => readonly unknown[]);
      keyOf: (row: unknown) => string;
      identity: (row: unknown) => unknown;
    };
    this.#unkept = undefined;
    for (const row of typeof rows === 'function' ? rows() : rows)
      this.#rows.set(keyOf(row), { row, id: identity(row) });
  }
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name);
}

function byNewest(a: { newestId: number }, b: { newestId: number }): number {
  return b.newestId - a.newestId;
}

/** Channels by name, topics and DMs newest first, as src/core/model/inbox-rows.ts builds them. */
const INBOX_ORDER: GroupedOrder<InboxChannelWire, InboxDmWire> = {
  channel: byName,
  topic: byNewest,
  dm: byNewest,
};

/**
 * Topic rows are never changed once made (a change is a new row), so each one's lowercased
 * name is worked out once, not for every topic of a long channel on every patch to it.
 */
const topicKeys = new WeakMap<object, string>();

export function keyOfTopic(topic: { name: string }): string {
  let key = topicKeys.get(topic);
  if (key === undefined) {
    key = topic.name.toLowerCase();
    topicKeys.set(topic, key);
  }
  return key;
}

/** Puts `item` into the sorted `list` in place, by a binary search. */
function insertSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(list[mid] as T, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, item);
}

/**
 * The lists with the rows applied: only the channels the rows touch are copied (the rest
 * are shared with `before`), and each changed row moves by a binary search to its place.
 */
export function applyGroupedRows<C extends GroupedChannel, D extends { userIds: number[] }>(
  before: { channels: readonly C[]; dms: readonly D[] },
  patch: { upsert: readonly GroupedRow<C, D>[]; remove: readonly string[] },
  order: GroupedOrder<C, D>,
): { channels: C[]; dms: D[] } {
  type Topic = C['topics'][number];
  const channels = [...before.channels];
  let dms = before.dms as D[];
  const copied = new Set<number>();
  const channelAt = (streamId: number) => channels.findIndex((c) => c.streamId === streamId);
  /** The channel's row, copied once per patch so `before` stays as it was. */
  const own = (streamId: number): C | undefined => {
    const at = channelAt(streamId);
    if (at < 0) return undefined;
    if (!copied.has(streamId)) {
      const c = channels[at] as C;
      channels[at] = { ...c, topics: [...c.topics] };
      copied.add(streamId);
    }
    return channels[at];
  };
  let dmsCopied = false;
  const ownDms = () => {
    if (!dmsCopied) dms = [...dms];
    dmsCopied = true;
    return dms;
  };
  const removeTopic = (streamId: number, name: string) => {
    const c = own(streamId);
    const at = c?.topics.findIndex((t) => keyOfTopic(t) === name) ?? -1;
    if (c && at >= 0) c.topics.splice(at, 1);
  };
  for (const key of patch.remove) {
    const [kind, rest = ''] = [key.slice(0, 1), key.slice(2)];
    if (kind === 'c') {
      const at = channelAt(Number(rest));
      if (at >= 0) channels.splice(at, 1);
    } else if (kind === 't') {
      const colon = rest.indexOf(':');
      removeTopic(Number(rest.slice(0, colon)), rest.slice(colon + 1));
    } else {
      const list = ownDms();
      const at = list.findIndex((d) => d.userIds.join(',') === rest);
      if (at >= 0) list.splice(at, 1);
    }
  }
  // Channels first, so a new channel's topics have somewhere to go.
  for (const row of patch.upsert) {
    if (row.kind !== 'channel') continue;
    const streamId = (row.channel as { streamId: number }).streamId;
    const at = channelAt(streamId);
    const topics = at >= 0 ? (channels[at] as C).topics : [];
    if (at >= 0) channels.splice(at, 1);
    copied.add(streamId);
    insertSorted(channels, { ...row.channel, topics: [...topics] } as C, order.channel);
  }
  for (const row of patch.upsert) {
    if (row.kind === 'topic') {
      const topic = row.topic as Topic;
      removeTopic(row.streamId, topic.name.toLowerCase());
      const c = own(row.streamId);
      if (c) insertSorted(c.topics as Topic[], topic, order.topic);
    } else if (row.kind === 'dm') {
      const list = ownDms();
      const key = row.dm.userIds.join(',');
      const at = list.findIndex((d) => d.userIds.join(',') === key);
      if (at >= 0) list.splice(at, 1);
      insertSorted(list, row.dm, order.dm);
    }
  }
  return { channels, dms };
}

/** The account's Inbox with the patch applied. */
export function applyInboxPatch(
  before: InboxAccountWire | undefined,
  patch: InboxPatchWire,
): InboxAccountWire {
  const rows = applyGroupedRows(
    { channels: before?.channels ?? [], dms: before?.dms ?? [] },
    patch,
    INBOX_ORDER,
  );
  return { ...patch.head, accountId: patch.accountId, seq: patch.seq, ...rows };
}

/** Recent with the patch applied, newest message first as the Core lists it. */
export function applyRecentPatch(
  before: RecentAccountWire | undefined,
  patch: RecentPatchWire,
): RecentAccountWire {
  const byKey = new Map<string, RecentConversationWire>();
  for (const c of before?.conversations ?? []) byKey.set(c.key, c);
  for (const key of patch.remove) byKey.delete(key);
  for (const c of patch.upsert) byKey.set(c.key, c);
  return {
    ...patch.head,
    accountId: patch.accountId,
    seq: patch.seq,
    // A new key lands last in the map; the Core's order (newest message first) is restored,
    // since conversations active in the same second are told apart by it alone.
    conversations: [...byKey.values()].sort((a, b) => b.lastMessageId - a.lastMessageId),
  };
}
