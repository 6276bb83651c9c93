/**
 * The four unread sets of NOTIFICATIONS.md ("Unread badge") for one account, kept exact and
 * cheap: each unread message carries a bit mask of the sets it belongs to, the counts the
 * badge needs are adjusted whenever a mask changes, and channel messages are indexed by
 * channel and topic so a mute or topic-policy change only revisits the messages it touches.
 */
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

interface Entry {
  message: UnreadMessage;
  bits: number;
}

export class UnreadIndex {
  readonly #entries = new Map<number, Entry>();
  /** stream id -> topic key -> unread message ids. */
  readonly #byTopic = new Map<number, Map<string, Set<number>>>();
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
    return this.#entries.size;
  }

  counts(): Readonly<UnreadCounts> {
    return { ...this.#counts };
  }

  has(id: number): boolean {
    return this.#entries.has(id);
  }

  get(id: number): Readonly<UnreadMessage> | undefined {
    return this.#entries.get(id)?.message;
  }

  /** Every unread message, counted or not (muted ones too), in no particular order. */
  *entries(): IterableIterator<[number, Readonly<UnreadMessage>]> {
    for (const [id, entry] of this.#entries) yield [id, entry.message];
  }

  /** The ids in one set, ascending. */
  ids(set: UnreadSetName): number[] {
    const bit = SET_BITS[set];
    const out: number[] = [];
    for (const [id, entry] of this.#entries) if (entry.bits & bit) out.push(id);
    return out.sort((a, b) => a - b);
  }

  /** Adds or replaces an unread message. */
  set(id: number, message: UnreadMessage): void {
    let entry = this.#entries.get(id);
    if (entry === undefined) {
      entry = { message: { ...message }, bits: 0 };
      this.#entries.set(id, entry);
    } else {
      this.#unindex(id, entry.message);
      entry.message = { ...message };
    }
    const { stream_id, topic } = entry.message;
    if (stream_id !== undefined) this.#topicIds(stream_id, topic ?? '', true).add(id);
    this.#place(entry);
  }

  /** A message read or deleted: it leaves every set. */
  delete(id: number): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#setBits(entry, 0);
    this.#entries.delete(id);
    this.#unindex(id, entry.message);
    if (this.#removed !== 'all') this.#removed.push(id);
  }

  clear(): void {
    this.#entries.clear();
    this.#byTopic.clear();
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
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.set(id, { ...entry.message, ...change });
  }

  /** Re-places every unread message of a channel, after its subscription or archival changed. */
  recomputeChannel(streamId: number): void {
    for (const ids of this.#byTopic.get(streamId)?.values() ?? []) this.#replaceAll(ids);
  }

  /** Re-places the unread messages of one topic, after its visibility policy changed. */
  recomputeTopic(streamId: number, topic: string): void {
    const ids = this.#topicIds(streamId, topic, false);
    if (ids !== undefined) this.#replaceAll(ids);
  }

  #replaceAll(ids: Set<number>): void {
    for (const id of ids) {
      const entry = this.#entries.get(id);
      if (entry !== undefined) this.#place(entry);
    }
  }

  #unindex(id: number, message: UnreadMessage): void {
    if (message.stream_id === undefined) return;
    const topics = this.#byTopic.get(message.stream_id);
    const key = topicKey(message.topic ?? '');
    const ids = topics?.get(key);
    ids?.delete(id);
    if (ids?.size === 0) topics?.delete(key);
    if (topics?.size === 0) this.#byTopic.delete(message.stream_id);
  }

  #topicIds(streamId: number, topic: string, create: true): Set<number>;
  #topicIds(streamId: number, topic: string, create: false): Set<number> | undefined;
  #topicIds(streamId: number, topic: string, create: boolean): Set<number> | undefined {
    let topics = this.#byTopic.get(streamId);
    if (topics === undefined) {
      if (!create) return undefined;
      topics = new Map();
      this.#byTopic.set(streamId, topics);
    }
    const key = topicKey(topic);
    let ids = topics.get(key);
    if (ids === undefined && create) {
      ids = new Set();
      topics.set(key, ids);
    }
    return ids;
  }

  #place(entry: Entry): void {
    this.#setBits(entry, this.#bitsFor(entry.message));
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

  #setBits(entry: Entry, bits: number): void {
    const before = entry.bits;
    if (before === bits) return;
    entry.bits = bits;
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
