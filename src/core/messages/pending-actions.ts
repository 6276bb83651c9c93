/**
 * The keeper of each account's actions on a message (star, reaction, read mark, a widget's
 * vote or task) whose answer was lost (docs/architecture.md "Writes"). The request may or may
 * not have reached the server; the reader may have left the conversation long before anyone
 * can tell. So the Core, not the row, owns the question: it reads each back, at once and then,
 * while the server cannot be asked, each time the account's event queue is answered again
 * (not on a timer: asking an unreachable server only fails again), and publishes what it came
 * to on `actions.settled`, which the renderer shows wherever the reader is. One the server
 * does not hold can be done again (`actions.retry`). Those nobody could read back yet are kept
 * on disk as records (pending-record.ts), so a restart reads them back too.
 */
import type { Payload } from '../../contract/contract.ts';
import { keepRecent } from '../../lib/recent-map.ts';
import { CoreError } from '../errors.ts';
import type { PendingRecord } from './pending-record.ts';
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
  /** The action as kept on disk, to be built again after a restart; none: kept in memory. */
  record?: PendingRecord;
}

/** Actions kept for a retry, and actions waiting to be read back; the oldest go first. */
const KEPT = 50;

export class PendingActions {
  readonly #publish: (settled: Payload<'actions.settled'>) => void;
  #nextId = 1;
  /** Those the server does not hold, for a retry. */
  readonly #notHeld = new Map<number, PendingAction>();
  /** Those nobody could read back yet, in the order made. */
  readonly #unknown = new Set<PendingAction>();
  /** Those being read back now: one question at a time each. */
  readonly #asking = new Set<PendingAction>();
  #closed = false;
  readonly #keep: (accountId: string, records: PendingRecord[]) => void;

  /** `keep` is handed an account's records each time its actions not read back change. */
  constructor(
    publish: (settled: Payload<'actions.settled'>) => void,
    keep: (accountId: string, records: PendingRecord[]) => void = () => {},
  ) {
    this.#publish = publish;
    this.#keep = keep;
  }

  /** Actions kept from an earlier run: read back once their account's queue is answered. */
  restore(actions: readonly PendingAction[]): void {
    for (const action of actions) this.#keepUnknown(action);
  }

  /**
   * Runs the action. A failure rejects with a sentence, as `reconciled` does; one whose answer
   * was lost is also settled here and published, even when that is long after this call ended.
   */
  async run(action: PendingAction, { told = true }: { told?: boolean } = {}): Promise<void> {
    await reconciled(action.write, async () => {
      let held: boolean;
      try {
        held = await action.holds();
      } catch (err) {
        // Nobody can tell yet: asked again once the server answers, whatever became of the caller.
        this.#keepUnknown(action);
        throw err;
      }
      // The caller hears this outcome as its own answer too, when it is the view (`told`).
      void this.#settle(action, held, told);
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

  /** How many of the account's actions wait to be read back. */
  unknown(accountId: string): number {
    let n = 0;
    for (const a of this.#unknown) if (a.accountId === accountId) n++;
    return n;
  }

  /**
   * The account's event queue was answered: its server can be asked again, so each action
   * nobody could read back is asked now. One that still cannot be read waits for the next.
   */
  serverAnswers(accountId: string): void {
    for (const action of this.#unknown) {
      if (action.accountId !== accountId || this.#asking.has(action)) continue;
      this.#asking.add(action);
      void action.holds().then(
        (held) => {
          this.#asking.delete(action);
          this.#unknown.delete(action);
          this.#kept(accountId);
          return this.#settle(action, held, false);
        },
        () => this.#asking.delete(action),
      );
    }
  }

  close(): void {
    this.#closed = true;
    this.#unknown.clear();
  }

  #keepUnknown(action: PendingAction): void {
    if (this.#closed) return;
    this.#unknown.add(action);
    for (const old of this.#unknown) {
      if (this.#unknown.size <= KEPT) break;
      this.#unknown.delete(old);
    }
    this.#kept(action.accountId);
  }

  /** Hands the account's records to `keep`, after any change of its actions not read back. */
  #kept(accountId: string): void {
    // Quitting: what is on disk stays for the next start.
    if (this.#closed) return;
    const records: PendingRecord[] = [];
    for (const a of this.#unknown)
      if (a.accountId === accountId && a.record) records.push(a.record);
    this.#keep(accountId, records);
  }

  async #settle(action: PendingAction, applied: boolean, told: boolean): Promise<void> {
    if (this.#closed) return;
    const id = this.#nextId++;
    if (!applied) keepRecent(this.#notHeld, id, action, KEPT);
    const about = await action.describe().catch(() => 'a message');
    if (this.#closed) return;
    this.#publish({
      id,
      accountId: action.accountId,
      messageId: action.messageId,
      applied,
      told,
      sentence: applied
        ? `${action.what} on ${about} was made after all.`
        : `${action.what} on ${about} could not be confirmed; ${action.notHeld}.`,
    });
  }
}
