/**
 * The message store: every message by id, each user's history with flags, and the
 * per-channel and per-topic indexes the anchors, narrows and topic-wildcard mentions
 * need. Ids are dense and increasing, so a message is found by position.
 */
import { History } from './history.ts';
import type { StoredMessage } from './types.ts';

function topicKey(streamId: number, topic: string): string {
  return `${streamId}\u0000${topic.toLowerCase()}`;
}

export class MessageStore {
  /** Deleted messages leave a hole, so ids keep their positions. */
  private readonly list: (StoredMessage | undefined)[] = [];
  private readonly histories = new Map<number, History>();
  private readonly byChannel = new Map<number, number[]>();
  private readonly participants = new Map<string, Set<number>>();
  private readonly recipients = new Map<string, number>();

  get maxId(): number {
    return this.list.length;
  }

  get(id: number): StoredMessage | undefined {
    return Number.isSafeInteger(id) && id >= 1 ? this.list[id - 1] : undefined;
  }

  all(): StoredMessage[] {
    return this.list.filter((m): m is StoredMessage => m !== undefined);
  }

  /** Forgets a message for good (DELETE /messages/{id}); readers skip the hole it leaves. */
  delete(message: StoredMessage): void {
    if (this.list[message.id - 1] !== message) return;
    this.list[message.id - 1] = undefined;
    if (message.stream_id === null) return;
    const ids = this.byChannel.get(message.stream_id);
    const i = ids ? ids.indexOf(message.id) : -1;
    if (ids && i >= 0) ids.splice(i, 1);
  }

  /** The user's history; created empty on first use. */
  history(userId: number): History {
    let h = this.histories.get(userId);
    if (!h) {
      h = new History();
      this.histories.set(userId, h);
    }
    return h;
  }

  /** Users who have the message in their history with `bits` all set (those who read it). */
  usersWithFlags(messageId: number, bits: number): number[] {
    const out: number[] = [];
    for (const [userId, h] of this.histories) {
      const flags = h.flagsOf(messageId);
      if (flags !== undefined && (flags & bits) === bits) out.push(userId);
    }
    return out.sort((a, b) => a - b);
  }

  /** Ids of every message ever sent to the channel, ascending. */
  channelMessageIds(streamId: number): readonly number[] {
    return this.byChannel.get(streamId) ?? [];
  }

  /** Users who sent or reacted in the topic: the audience of `@**topic**`. */
  topicParticipants(streamId: number, topic: string): ReadonlySet<number> {
    return this.participants.get(topicKey(streamId, topic)) ?? new Set();
  }

  addParticipant(streamId: number, topic: string, userId: number): void {
    const key = topicKey(streamId, topic);
    let set = this.participants.get(key);
    if (!set) {
      set = new Set();
      this.participants.set(key, set);
    }
    set.add(userId);
  }

  /** A stable id per conversation (a channel, or one set of DM participants). */
  recipientId(message: StoredMessage): number {
    const key = message.dm_user_ids
      ? `dm:${message.dm_user_ids.join(',')}`
      : `channel:${message.stream_id}`;
    let id = this.recipients.get(key);
    if (id === undefined) {
      id = this.recipients.size + 1;
      this.recipients.set(key, id);
    }
    return id;
  }

  /** The id the next message will get. */
  get nextId(): number {
    return this.list.length + 1;
  }

  /** Stores a message numbered `nextId` and gives each recipient the flags computed for them. */
  add(stored: StoredMessage, recipientFlags: ReadonlyMap<number, number>): StoredMessage {
    if (stored.id !== this.nextId)
      throw new Error(`message ${stored.id} is not next (${this.nextId})`);
    this.list.push(stored);
    for (const [userId, flags] of recipientFlags) this.history(userId).append(stored.id, flags);
    if (stored.stream_id !== null) {
      let ids = this.byChannel.get(stored.stream_id);
      if (!ids) {
        ids = [];
        this.byChannel.set(stored.stream_id, ids);
      }
      ids.push(stored.id);
      this.addParticipant(stored.stream_id, stored.topic, stored.sender_id);
    }
    return stored;
  }

  /** Moves a message to another channel, keeping the channel index sorted. */
  reindexChannel(message: StoredMessage, fromStreamId: number): void {
    const from = this.byChannel.get(fromStreamId);
    if (from) {
      const i = from.indexOf(message.id);
      if (i >= 0) from.splice(i, 1);
    }
    if (message.stream_id === null) return;
    const to = this.byChannel.get(message.stream_id) ?? [];
    this.byChannel.set(message.stream_id, to);
    let i = to.length;
    while (i > 0 && (to[i - 1] ?? 0) > message.id) i--;
    to.splice(i, 0, message.id);
  }
}
