/**
 * The receiving half of the typing protocol: who is typing where, from `typing` events. An
 * indicator lasts until its "stop" or the server's started-expiry period (model/typing-periods.ts) after
 * the last "start", so a client that vanished mid-sentence is not shown typing for ever.
 */
import type { TypingTo } from '../../api/routes/typing.ts';
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import { typingKey } from '../../lib/typing-key.ts';
import { DEFAULT_TYPING_PERIODS, type TypingPeriods } from '../model/typing-periods.ts';

export interface Typists {
  to: TypingTo;
  userIds: number[];
}

interface TypingEvent {
  op: 'start' | 'stop';
  senderId: number;
  to: TypingTo;
}

/** A `typing` event's conversation as the receiving user writes to it (others, or self). */
export function readTypingEvent(
  raw: Record<string, unknown>,
  myUserId: number,
): TypingEvent | undefined {
  const sender = raw.sender as { user_id?: unknown } | undefined;
  const senderId = sender?.user_id;
  if (typeof senderId !== 'number' || (raw.op !== 'start' && raw.op !== 'stop')) return undefined;
  if (raw.message_type === 'stream' || raw.message_type === 'channel') {
    if (typeof raw.stream_id !== 'number' || typeof raw.topic !== 'string') return undefined;
    return {
      op: raw.op,
      senderId,
      to: { type: 'stream', streamId: raw.stream_id, topic: raw.topic },
    };
  }
  if (!Array.isArray(raw.recipients)) return undefined;
  const ids = raw.recipients
    .map((r: { user_id?: unknown }) => r.user_id)
    .filter((id): id is number => typeof id === 'number');
  const others = ids.filter((id) => id !== myUserId);
  return {
    op: raw.op,
    senderId,
    to: { type: 'direct', userIds: others.length ? others : [myUserId] },
  };
}

export class TypingBoard {
  /** Conversation key -> its conversation and each typist's expiry timer. */
  readonly #typing = new Map<string, { to: TypingTo; timers: Map<number, TimerHandle> }>();

  constructor(
    private readonly clock: Clock,
    private readonly changed: () => void,
    private readonly periods: () => TypingPeriods = () => DEFAULT_TYPING_PERIODS,
  ) {}

  apply(event: TypingEvent): void {
    const key = typingKey(event.to);
    const entry = this.#typing.get(key) ?? { to: event.to, timers: new Map() };
    this.clock.clearTimeout(entry.timers.get(event.senderId));
    if (event.op === 'start') {
      entry.timers.set(
        event.senderId,
        this.clock.setTimeout(
          () => this.#forget(key, event.senderId),
          this.periods().startedExpiryMs,
        ),
      );
      this.#typing.set(key, entry);
    } else {
      entry.timers.delete(event.senderId);
      if (entry.timers.size === 0) this.#typing.delete(key);
    }
    this.changed();
  }

  list(): Typists[] {
    return [...this.#typing.values()].map((e) => ({ to: e.to, userIds: [...e.timers.keys()] }));
  }

  clear(): void {
    for (const e of this.#typing.values())
      for (const t of e.timers.values()) this.clock.clearTimeout(t);
    this.#typing.clear();
  }

  #forget(key: string, senderId: number): void {
    const entry = this.#typing.get(key);
    if (!entry?.timers.delete(senderId)) return;
    if (entry.timers.size === 0) this.#typing.delete(key);
    this.changed();
  }
}
