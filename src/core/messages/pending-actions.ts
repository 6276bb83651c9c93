/**
 * The keeper of each account's actions on a message (star, reaction, read mark) whose answer
 * was lost (docs/architecture.md "Writes"). The request may or may not have reached the
 * server; the reader may have left the conversation long before anyone can tell. So the
 * Core, not the row, owns the question: it reads each back, at once and then, while the
 * server cannot be asked, again with growing pauses, and publishes what it came to on
 * `actions.settled`, which the renderer shows wherever the reader is. One the server does not
 * hold can be done again (`actions.retry`).
 */
import type { Payload } from '../../contract/contract.ts';
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import { CoreError } from '../errors.ts';
import { reconciled } from './reconcile.ts';

export interface PendingAction {
  accountId: string;
  messageId: number;
  /** What the reader did, as the subject of a sentence: "Your star". */
  what: string;
  /** What holds when it did not apply: "it is not starred". */
  notHeld: string;
  write: () => Promise<unknown>;
  /** Whether the server holds what the action asked. */
  holds: () => Promise<boolean>;
  /** The message in words: "Alice's message in #general › deploy". */
  describe: () => Promise<string>;
}

/** Read-backs that could not reach the server are repeated, this far apart at first ... */
const FIRST_PAUSE_MS = 2_000;
/** ... and at most this far apart, this many times, before the action is called unknown. */
const MAX_PAUSE_MS = 60_000;
const MAX_TRIES = 30;
/** Actions kept for a retry; the oldest go first. */
const KEPT = 50;

export class PendingActions {
  readonly #clock: Clock;
  readonly #publish: (settled: Payload<'actions.settled'>) => void;
  #nextId = 1;
  /** Those the server does not hold, for a retry. */
  readonly #notHeld = new Map<number, PendingAction>();
  readonly #timers = new Set<TimerHandle>();
  #closed = false;

  constructor(clock: Clock, publish: (settled: Payload<'actions.settled'>) => void) {
    this.#clock = clock;
    this.#publish = publish;
  }

  /**
   * Runs the action. A failure rejects with a sentence, as `reconciled` does; one whose answer
   * was lost is also settled here and published, even when that is long after this call ended.
   */
  async run(action: PendingAction): Promise<void> {
    await reconciled(action.write, async () => {
      let held: boolean;
      try {
        held = await action.holds();
      } catch (err) {
        // Nobody can tell yet: the keeper asks again later, whatever became of the caller.
        this.#later(action, FIRST_PAUSE_MS, 1);
        throw err;
      }
      void this.#settle(action, held);
      return held;
    });
  }

  /** Does again one the server did not hold. */
  async retry(id: number): Promise<void> {
    const action = this.#notHeld.get(id);
    if (!action) throw new CoreError('That action is settled already; nothing to do again.');
    this.#notHeld.delete(id);
    await this.run(action);
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) this.#clock.clearTimeout(t);
    this.#timers.clear();
  }

  #later(action: PendingAction, pause: number, tries: number): void {
    if (this.#closed) return;
    const timer = this.#clock.setTimeout(() => {
      this.#timers.delete(timer);
      void action.holds().then(
        (held) => this.#settle(action, held),
        () => {
          if (tries < MAX_TRIES) this.#later(action, Math.min(MAX_PAUSE_MS, pause * 2), tries + 1);
        },
      );
    }, pause);
    this.#timers.add(timer);
  }

  async #settle(action: PendingAction, applied: boolean): Promise<void> {
    if (this.#closed) return;
    const id = this.#nextId++;
    if (!applied) {
      this.#notHeld.set(id, action);
      for (const old of this.#notHeld.keys()) {
        if (this.#notHeld.size <= KEPT) break;
        this.#notHeld.delete(old);
      }
    }
    const about = await action.describe().catch(() => 'a message');
    this.#publish({
      id,
      accountId: action.accountId,
      messageId: action.messageId,
      applied,
      sentence: applied
        ? `${action.what} on ${about} was made after all.`
        : `${action.what} on ${about} could not be confirmed; ${action.notHeld}.`,
    });
  }
}
