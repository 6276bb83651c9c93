/**
 * The sending half of the typing protocol (POST /typing): "start" when the user begins to
 * type to a conversation, again every STARTED_WAIT_MS while they keep typing, "stop" after
 * STOPPED_WAIT_MS without a keystroke, on send, on an emptied draft or on moving elsewhere.
 * The renderer reports each keystroke; only this decides what goes to the server.
 */
import type { TypingTo } from '../../api/routes/typing.ts';
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import { typingKey } from './key.ts';

/** Upstream's server_typing_started_wait_period_milliseconds default. */
export const STARTED_WAIT_MS = 10_000;
/** Upstream's server_typing_stopped_wait_period_milliseconds default. */
export const STOPPED_WAIT_MS = 5_000;

export type TypingSend = (op: 'start' | 'stop', to: TypingTo) => void;

export class TypingSender {
  #to: TypingTo | undefined;
  #lastStart = 0;
  #idle: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly send: TypingSend,
  ) {}

  /** A keystroke in a draft to `to`; `allowed` is the user's setting for that kind. */
  typed(to: TypingTo, allowed: boolean): void {
    if (this.#to && typingKey(this.#to) !== typingKey(to)) this.stopped();
    if (!allowed) return;
    const now = this.clock.now();
    if (!this.#to || now - this.#lastStart >= STARTED_WAIT_MS) {
      this.#to = to;
      this.#lastStart = now;
      this.send('start', to);
    }
    this.clock.clearTimeout(this.#idle);
    this.#idle = this.clock.setTimeout(() => this.stopped(), STOPPED_WAIT_MS);
  }

  /** Sent, emptied, or left: a "stop" if a "start" went out. */
  stopped(): void {
    this.clock.clearTimeout(this.#idle);
    this.#idle = undefined;
    const to = this.#to;
    this.#to = undefined;
    if (to) this.send('stop', to);
  }
}
