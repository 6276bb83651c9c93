/**
 * The sending half of the typing protocol (POST /typing): "start" when the user begins to
 * type to a conversation, again every started-wait period while they keep typing, "stop"
 * after the stopped-wait period without a keystroke, on send, on an emptied draft or on
 * moving elsewhere. The periods are the server's (model/typing-periods.ts), read at each keystroke so a
 * new registration's values apply at once. The renderer reports each keystroke; only this
 * decides what goes to the server.
 */
import type { TypingTo } from '../../api/routes/typing.ts';
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import { typingKey } from '../../lib/typing-key.ts';
import { DEFAULT_TYPING_PERIODS, type TypingPeriods } from '../model/typing-periods.ts';

export type TypingSend = (op: 'start' | 'stop', to: TypingTo) => void;

export class TypingSender {
  #to: TypingTo | undefined;
  #lastStart = 0;
  #idle: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly send: TypingSend,
    private readonly periods: () => TypingPeriods = () => DEFAULT_TYPING_PERIODS,
  ) {}

  /** A keystroke in a draft to `to`; `allowed` is the user's setting for that kind. */
  typed(to: TypingTo, allowed: boolean): void {
    if (this.#to && typingKey(this.#to) !== typingKey(to)) this.stopped();
    if (!allowed) return;
    const now = this.clock.now();
    const { startedWaitMs, stoppedWaitMs } = this.periods();
    if (!this.#to || now - this.#lastStart >= startedWaitMs) {
      this.#to = to;
      this.#lastStart = now;
      this.send('start', to);
    }
    this.clock.clearTimeout(this.#idle);
    this.#idle = this.clock.setTimeout(() => this.stopped(), stoppedWaitMs);
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
