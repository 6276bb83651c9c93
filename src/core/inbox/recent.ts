/**
 * One account's recent conversations: every topic and direct conversation seen in the
 * newest window of its history, with who took part (most recent sender first) and when it
 * was last active. Built once from GET /messages, then kept current by message events:
 * new, moved and deleted messages. Only the window's messages are known, so a conversation
 * whose known messages are all deleted leaves the list even if older ones exist beyond it.
 */
import { topicKey } from '../model/unreads.ts';
import type { ConversationTarget } from '../../contract/schemas/inbox.ts';

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

/** What an entry keeps of each of its messages, to say who and when after a deletion. */
interface Kept {
  senderId: number;
  senderName: string;
  timestamp: number;
}

interface Conversation {
  key: string;
  target: ConversationTarget;
  topic?: string;
  /** The message whose spelling of the topic is shown: the newest seen. */
  spelledBy: number;
  /** By message id. */
  messages: Map<number, Kept>;
}

export class RecentConversations {
  readonly #entries = new Map<string, Conversation>();
  /** Message id -> its conversation's key. */
  readonly #where = new Map<number, string>();
  readonly #me: number;

  constructor(myUserId: number) {
    this.#me = myUserId;
  }

  /** Adds messages in any order; older ones never displace what newer ones set. */
  add(messages: Iterable<RecentMessage>): void {
    for (const m of messages) {
      const target = this.#targetOf(m);
      if (target === undefined) continue;
      this.#keep(target, m.id, {
        senderId: m.sender_id,
        senderName: m.sender_full_name,
        timestamp: m.timestamp,
      });
    }
  }

  /**
   * Deleted messages leave their conversations: the last activity and the participants go
   * back to what the remaining messages say, and a conversation left with none leaves the
   * list. Returns whether anything listed changed.
   */
  remove(messageIds: Iterable<number>): boolean {
    let changed = false;
    for (const id of messageIds) {
      const key = this.#where.get(id);
      const entry = key === undefined ? undefined : this.#entries.get(key);
      this.#where.delete(id);
      if (entry === undefined) continue;
      entry.messages.delete(id);
      if (entry.messages.size === 0) this.#entries.delete(entry.key);
      changed = true;
    }
    return changed;
  }

  /** Newest activity first, at most `limit`. */
  list(limit: number): RecentEntry[] {
    return [...this.#entries.values()]
      .map((c) => this.#entryOf(c))
      .sort((a, b) => b.lastMessageId - a.lastMessageId)
      .slice(0, limit);
  }

  /** A topic renamed or moved as a whole: its messages follow. */
  moved(from: { streamId: number; topic: string }, to: { streamId: number; topic: string }) {
    const entry = this.#entries.get(conversationKey({ kind: 'topic', ...from }));
    if (entry !== undefined) this.moveMessages([...entry.messages.keys()], to);
  }

  /** Some messages moved to another topic (or channel): each goes with its own. */
  moveMessages(messageIds: Iterable<number>, to: { streamId: number; topic: string }): void {
    const target: ConversationTarget = { kind: 'topic', ...to };
    for (const id of messageIds) {
      const from = this.#entries.get(this.#where.get(id) ?? '');
      const kept = from?.messages.get(id);
      if (from === undefined || kept === undefined) continue;
      this.remove([id]);
      this.#keep(target, id, kept);
    }
  }

  #keep(target: ConversationTarget, id: number, kept: Kept): void {
    const key = conversationKey(target);
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      entry = { key, target, spelledBy: -1, messages: new Map() };
      this.#entries.set(key, entry);
    }
    // The newest message's spelling of the topic is the one shown.
    if (target.kind === 'topic' && id >= entry.spelledBy) {
      entry.target = target;
      entry.topic = target.topic;
      entry.spelledBy = id;
    }
    entry.messages.set(id, kept);
    this.#where.set(id, key);
  }

  #entryOf(c: Conversation): RecentEntry {
    const ids = [...c.messages.keys()].sort((a, b) => a - b);
    const senders = new Map<number, string>();
    for (const id of ids) {
      const m = c.messages.get(id) as Kept;
      senders.delete(m.senderId);
      senders.set(m.senderId, m.senderName);
    }
    while (senders.size > MAX_PARTICIPANTS) {
      senders.delete(senders.keys().next().value as number);
    }
    const lastId = ids[ids.length - 1] as number;
    return {
      key: c.key,
      target: c.target,
      ...(c.topic === undefined ? {} : { topic: c.topic }),
      senders,
      lastMessageId: lastId,
      lastActivity: (c.messages.get(lastId) as Kept).timestamp,
    };
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
