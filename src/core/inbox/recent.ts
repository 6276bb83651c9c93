/**
 * One account's recent conversations: every topic and direct conversation seen in the
 * newest window of its history, with who took part (most recent sender first) and when it
 * was last active. Built once from GET /messages, then kept current by message events.
 */
import { topicKey } from '../sync/unreads.ts';
import type { ConversationTarget } from '../rpc/schemas/inbox.ts';

/** What is kept of a message: where it went, who sent it and when. */
export interface RecentMessage {
  id: number;
  sender_id: number;
  sender_full_name: string;
  type: 'stream' | 'private';
  stream_id?: number;
  subject: string;
  display_recipient: string | readonly { id: number; full_name: string }[];
  timestamp: number;
}

export interface RecentEntry {
  key: string;
  target: ConversationTarget;
  /** The channel's name at the time (the Inbox service names it from the state). */
  topic?: string;
  /** Sender id -> name, the most recent sender last (Map keeps insertion order). */
  senders: Map<number, string>;
  lastMessageId: number;
  lastActivity: number;
}

/** Participants listed per conversation. */
const MAX_PARTICIPANTS = 6;

export function conversationKey(target: ConversationTarget): string {
  if (target.kind === 'topic') return `s:${target.streamId}:${topicKey(target.topic)}`;
  if (target.kind === 'channel') return `s:${target.streamId}`;
  return `d:${target.userIds.join(',')}`;
}

export class RecentConversations {
  readonly #entries = new Map<string, RecentEntry>();
  readonly #me: number;

  constructor(myUserId: number) {
    this.#me = myUserId;
  }

  /** Adds messages in any order; older ones never displace what newer ones set. */
  add(messages: Iterable<RecentMessage>): void {
    for (const m of messages) this.#add(m);
  }

  /** Newest activity first, at most `limit`. */
  list(limit: number): RecentEntry[] {
    return [...this.#entries.values()]
      .sort((a, b) => b.lastMessageId - a.lastMessageId)
      .slice(0, limit);
  }

  /** A topic renamed or moved: its entry follows when the whole topic moved. */
  moved(from: { streamId: number; topic: string }, to: { streamId: number; topic: string }) {
    const key = conversationKey({ kind: 'topic', ...from });
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    const target: ConversationTarget = { kind: 'topic', ...to };
    const nextKey = conversationKey(target);
    const existing = this.#entries.get(nextKey);
    if (existing && existing.lastMessageId > entry.lastMessageId) return;
    this.#entries.set(nextKey, { ...entry, key: nextKey, target, topic: to.topic });
  }

  #add(m: RecentMessage): void {
    const target = this.#targetOf(m);
    if (target === undefined) return;
    const key = conversationKey(target);
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      entry = { key, target, senders: new Map(), lastMessageId: m.id, lastActivity: m.timestamp };
      if (target.kind === 'topic') entry.topic = target.topic;
      this.#entries.set(key, entry);
    }
    if (m.id >= entry.lastMessageId) {
      entry.lastMessageId = m.id;
      entry.lastActivity = m.timestamp;
      if (target.kind === 'topic') entry.topic = target.topic;
      entry.senders.delete(m.sender_id);
      entry.senders.set(m.sender_id, m.sender_full_name);
    } else if (!entry.senders.has(m.sender_id)) {
      // An older message: its sender goes behind every more recent one.
      entry.senders = new Map([[m.sender_id, m.sender_full_name], ...entry.senders]);
    }
    while (entry.senders.size > MAX_PARTICIPANTS) {
      entry.senders.delete(entry.senders.keys().next().value as number);
    }
  }

  #targetOf(m: RecentMessage): ConversationTarget | undefined {
    if (m.type === 'stream') {
      return m.stream_id === undefined
        ? undefined
        : { kind: 'topic', streamId: m.stream_id, topic: m.subject };
    }
    if (typeof m.display_recipient === 'string') return undefined;
    const userIds = m.display_recipient
      .map((r) => r.id)
      .filter((id) => id !== this.#me)
      .sort((a, b) => a - b);
    return { kind: 'dm', userIds };
  }
}
