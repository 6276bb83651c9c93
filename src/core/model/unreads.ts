/**
 * The four unread sets of docs/notifications.md "Unread sets" for one account, kept exact and
 * cheap: each unread message carries a bit mask of the sets it belongs to, the counts the
 * badge needs are adjusted whenever a mask changes, and the ids live in one sorted typed
 * array with their conversation's index packed beside them, so a hundred thousand unread
 * messages take under a megabyte. A mute or topic-policy change re-places the messages of
 * the conversations it touches in one pass over that array.
 */
import { IdTable } from './id-table.ts';
import type { MessageType, TopicPolicy } from './state-types.ts';

/** What is kept per unread message: enough to place it in the sets, never its content. */
export interface UnreadMessage {
  type: MessageType;
  stream_id?: number;
  topic?: string;
  mentioned: boolean;
  wildcard: boolean;
}

/** The account state the sets depend on, asked whenever a message is (re)placed. */
export interface UnreadContext {
  /** Subscribed and not archived. */
  channelCounted(streamId: number): boolean;
  channelMuted(streamId: number): boolean;
  topicPolicy(streamId: number, topic: string): TopicPolicy;
}

export type UnreadSetName = 'dms' | 'channelUnread' | 'mentions' | 'followed';

/** Sizes of the sets and of the unions the badge modes use. */
export interface UnreadCounts {
  dms: number;
  channelUnread: number;
  mentions: number;
  followed: number;
  mentionsOrDms: number;
  mentionsDmsOrFollowed: number;
}

const DM = 1;
const CHANNEL = 2;
const MENTION = 4;
const FOLLOWED = 8;

const SET_BITS: Record<UnreadSetName, number> = {
  dms: DM,
  channelUnread: CHANNEL,
  mentions: MENTION,
  followed: FOLLOWED,
};

/** Topic names compare case-insensitively. */
export function topicKey(topic: string): string {
  return topic.toLowerCase();
}

/** One conversation's unread messages share it: what they have in common, and how many. */
interface Place {
  type: MessageType;
  stream_id?: number;
  topic?: string;
  key: string;
  count: number;
}

// Each id's value in the table: its place's index, then the mention bits, then its sets.
const MENTIONED = 1 << 7;
const WILDCARD = 1 << 6;
const SET_MASK = 0xf;
const PLACE_SHIFT = 8;

/**
 * Memory: one id costs 8 bytes in the table (see id-table.ts), and each conversation with
 * unread messages one small record; no object per message.
 */
export class UnreadIndex {
  readonly #table = new IdTable();
  readonly #places: (Place | undefined)[] = [];
  readonly #placeIndex = new Map<string, number>();
  readonly #freePlaces: number[] = [];
  readonly #counts: UnreadCounts = {
    dms: 0,
    channelUnread: 0,
    mentions: 0,
    followed: 0,
    mentionsOrDms: 0,
    mentionsDmsOrFollowed: 0,
  };
  readonly #ctx: UnreadContext;
  #version = 0;
  #removed: number[] | 'all' = [];

  constructor(ctx: UnreadContext) {
    this.#ctx = ctx;
  }

  /** Changes whenever any message enters or leaves any of the four sets. */
  get version(): number {
    return this.#version;
  }

  get size(): number {
    return this.#table.size;
  }

  /** Roughly the bytes the index holds (its arrays and conversation records). */
  get bytes(): number {
    let places = 0;
    for (const p of this.#places) if (p) places += 64 + 2 * p.key.length;
    return this.#table.bytes + places;
  }

  counts(): Readonly<UnreadCounts> {
    return { ...this.#counts };
  }

  has(id: number): boolean {
    return this.#table.get(id) >= 0;
  }

  get(id: number): Readonly<UnreadMessage> | undefined {
    const value = this.#table.get(id);
    return value < 0 ? undefined : this.#message(value);
  }

  /** Every unread message, counted or not (muted ones too), ascending by id. */
  *entries(): IterableIterator<[number, Readonly<UnreadMessage>]> {
    for (const [id, value] of this.#table.entries()) yield [id, this.#message(value)];
  }

  /** The ids in one set, ascending. */
  ids(set: UnreadSetName): number[] {
    const bit = SET_BITS[set];
    const out: number[] = [];
    this.#table.forEach((id, value) => {
      if (value & bit) out.push(id);
    });
    return out;
  }

  /** Adds or replaces an unread message. */
  set(id: number, message: UnreadMessage): void {
    const old = this.#table.get(id);
    if (old >= 0) this.#release(old >>> PLACE_SHIFT);
    const place = this.#placeOf(message);
    const bits = this.#bitsFor(message);
    this.#count(old < 0 ? 0 : old & SET_MASK, bits);
    this.#table.set(
      id,
      (place << PLACE_SHIFT) |
        (message.mentioned ? MENTIONED : 0) |
        (message.wildcard ? WILDCARD : 0) |
        bits,
    );
  }

  /** A message read or deleted: it leaves every set. */
  delete(id: number): void {
    const value = this.#table.get(id);
    if (value < 0) return;
    this.#count(value & SET_MASK, 0);
    this.#release(value >>> PLACE_SHIFT);
    this.#table.delete(id);
    if (this.#removed !== 'all') this.#removed.push(id);
  }

  clear(): void {
    this.#table.clear();
    this.#places.length = 0;
    this.#placeIndex.clear();
    this.#freePlaces.length = 0;
    this.#version++;
    this.#removed = 'all';
    for (const name of Object.keys(this.#counts) as (keyof UnreadCounts)[]) this.#counts[name] = 0;
  }

  /**
   * The messages read or deleted since the last call ('all' after everything was marked
   * read), so their notifications can be closed.
   */
  takeRemoved(): number[] | 'all' {
    const removed = this.#removed;
    this.#removed = [];
    return removed;
  }

  /** Changes what is known of an unread message (an edit's flags, a move); no-op if it is read. */
  update(id: number, change: Partial<UnreadMessage>): void {
    const value = this.#table.get(id);
    if (value < 0) return;
    this.set(id, { ...this.#message(value), ...change });
  }

  /** Re-places every unread message of a channel, after its subscription or archival changed. */
  recomputeChannel(streamId: number): void {
    this.#replaceWhere((p) => p.stream_id === streamId);
  }

  /** Re-places the unread messages of one topic, after its visibility policy changed. */
  recomputeTopic(streamId: number, topic: string): void {
    const key = topicKey(topic);
    this.#replaceWhere((p) => p.stream_id === streamId && topicKey(p.topic ?? '') === key);
  }

  /** One pass over the table (a user's change of a setting, not per event). */
  #replaceWhere(test: (place: Place) => boolean): void {
    const touched = new Set<number>();
    this.#places.forEach((p, i) => {
      if (p?.type === 'stream' && test(p)) touched.add(i);
    });
    if (touched.size === 0) return;
    this.#table.remap((_, value) => {
      if (!touched.has(value >>> PLACE_SHIFT)) return value;
      const bits = this.#bitsFor(this.#message(value));
      this.#count(value & SET_MASK, bits);
      return (value & ~SET_MASK) | bits;
    });
  }

  #message(value: number): UnreadMessage {
    const place = this.#places[value >>> PLACE_SHIFT] as Place;
    const out: UnreadMessage = {
      type: place.type,
      mentioned: (value & MENTIONED) !== 0,
      wildcard: (value & WILDCARD) !== 0,
    };
    if (place.stream_id !== undefined) out.stream_id = place.stream_id;
    if (place.topic !== undefined) out.topic = place.topic;
    return out;
  }

  #placeOf(m: UnreadMessage): number {
    const key = `${m.type}\u0000${m.stream_id ?? ''}\u0000${m.topic ?? '\u0001'}`;
    let index = this.#placeIndex.get(key);
    if (index === undefined) {
      index = this.#freePlaces.pop() ?? this.#places.length;
      const place: Place = { type: m.type, key, count: 0 };
      if (m.stream_id !== undefined) place.stream_id = m.stream_id;
      if (m.topic !== undefined) place.topic = m.topic;
      this.#places[index] = place;
      this.#placeIndex.set(key, index);
    }
    (this.#places[index] as Place).count++;
    return index;
  }

  #release(index: number): void {
    const place = this.#places[index] as Place;
    if (--place.count > 0) return;
    this.#places[index] = undefined;
    this.#placeIndex.delete(place.key);
    this.#freePlaces.push(index);
  }

  #bitsFor(m: UnreadMessage): number {
    if (m.type === 'private') return m.mentioned ? DM | MENTION : DM;
    if (m.stream_id === undefined || !this.#ctx.channelCounted(m.stream_id)) return 0;
    const policy = this.#ctx.topicPolicy(m.stream_id, m.topic ?? '');
    const visible =
      policy === 3 || policy === 2 || (policy === 0 && !this.#ctx.channelMuted(m.stream_id));
    let bits = visible ? CHANNEL : 0;
    if (m.mentioned || (m.wildcard && visible)) bits |= MENTION;
    if (policy === 3) bits |= FOLLOWED;
    return bits;
  }

  /** Moves the counts from one message's sets to its new ones. */
  #count(before: number, bits: number): void {
    if (before === bits) return;
    this.#version++;
    const c = this.#counts;
    c.dms += delta(before, bits, DM);
    c.channelUnread += delta(before, bits, CHANNEL);
    c.mentions += delta(before, bits, MENTION);
    c.followed += delta(before, bits, FOLLOWED);
    c.mentionsOrDms += delta(before, bits, DM | MENTION);
    c.mentionsDmsOrFollowed += delta(before, bits, DM | MENTION | FOLLOWED);
  }
}

/** +1 when a mask starts meeting any of `mask`, -1 when it stops, else 0. */
function delta(before: number, after: number, mask: number): number {
  return Number((after & mask) !== 0) - Number((before & mask) !== 0);
}
