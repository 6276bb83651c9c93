/**
 * Reactions, stars and read marks made while the account's server cannot be reached
 * (docs/architecture.md, "Writes"): the request never left this computer, so the write is
 * kept, in the order made, and made again once the server answers the account's queue. Each
 * is idempotent on the server and read back after a lost answer (reconcile.ts), so making
 * it again can never change it twice. Kept in memory for the run: a reaction is not a
 * text to lose.
 */
import { Unreached } from './reconcile.ts';

type Write = () => Promise<unknown>;

export class OfflineWrites {
  readonly #queued = new Map<string, Write[]>();
  readonly #flushing = new Map<string, Promise<void>>();

  /**
   * Makes the write now; if the server cannot be reached it is kept for later and this
   * resolves, as the change will be made. Any other failure is the caller's, as before.
   */
  async run(accountId: string, write: Write): Promise<void> {
    if (this.waiting(accountId) > 0) {
      // Behind writes already waiting: made after them, in order.
      this.#queue(accountId, write);
      return;
    }
    try {
      await write();
    } catch (err) {
      if (!(err instanceof Unreached)) throw err;
      this.#queue(accountId, write);
    }
  }

  waiting(accountId: string): number {
    return this.#queued.get(accountId)?.length ?? 0;
  }

  /** The server answers the account again: the kept writes go, oldest first. */
  flush(accountId: string): Promise<void> {
    if (this.waiting(accountId) === 0) return Promise.resolve();
    let run = this.#flushing.get(accountId);
    if (run) return run;
    run = (async () => {
      const queue = this.#queued.get(accountId) ?? [];
      while (queue.length > 0) {
        try {
          await queue[0]!();
        } catch (err) {
          // Out of reach again: the rest wait for the next registration.
          if (err instanceof Unreached) return;
          // Refused by the server (the message was deleted meanwhile): nothing left to make.
        }
        queue.shift();
      }
    })().finally(() => this.#flushing.delete(accountId));
    this.#flushing.set(accountId, run);
    return run;
  }

  /** Signed out: what waited goes with the account. */
  forget(accountId: string): void {
    this.#queued.delete(accountId);
  }

  #queue(accountId: string, write: Write): void {
    const queue = this.#queued.get(accountId) ?? [];
    queue.push(write);
    this.#queued.set(accountId, queue);
  }
}
