/**
 * The Activity page's state and what its buttons do: each account's connection, Do Not
 * Disturb, the selected account's log of notification decisions, and the last failed call in
 * words. Like MessagesScreen it knows no DOM: ActivityView.svelte keeps the markup, and
 * tests/unit drive this with a recording Core.
 */
import type { Result } from '../../../contract/contract.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';
import type { RunDoctor } from '../doctor/DoctorTarget.ts';
import { explainError } from '../admin/rules/error-sentences.ts';
import type { SyncStatus } from './connection.ts';

type Entry = Result<'sync.decisions'>[number];
export type Dnd = Result<'dnd.get'>;
export type DndChoice = 'off' | 'hour' | 'tomorrow' | 'indefinite';
/** The Core keeps this many per account; the panel never shows more. */
const KEPT = 200;

export class ActivityModel {
  readonly #rpc: RpcPort;
  statuses = $state.raw<SyncStatus[]>([]);
  dnd = $state.raw<Dnd | undefined>();
  selected = $state<string | undefined>();
  entries = $state.raw<Entry[]>([]);
  /** The last failed call, said in words with the Core's own text under Details. */
  error = $state.raw<ReturnType<typeof explainError> | undefined>();
  /** The clock the "reconnecting in N s" and "last event N s ago" count from. */
  now = $state(Date.now());

  constructor(rpc: RpcPort) {
    this.#rpc = rpc;
  }

  /** Follows the Core's pushes and ticks the clock while the page shows; returns the stop. */
  start(): () => void {
    const rpc = this.#rpc;
    // Ticks "reconnecting in N s" and "last event 12 s ago". The Core pushes a change of
    // connection only, not each event's id and time, so those are asked for here, while
    // this view shows them.
    const timer = setInterval(() => {
      this.now = Date.now();
      rpc.invoke('sync.status', {}).then(
        (s) => (this.statuses = s),
        () => undefined,
      );
    }, 1000);
    const offs = [
      rpc.on('sync.status', (s) => {
        this.statuses = s;
        // Counted from the Core's news, not from the last tick up to a second before it.
        this.now = Date.now();
      }),
      rpc.on('dnd.changed', (d) => (this.dnd = d)),
      rpc.on('sync.decisions', ({ accountId, entries: added }) => {
        if (accountId === this.selected) this.entries = [...this.entries, ...added].slice(-KEPT);
      }),
    ];
    void this.load();
    return () => {
      clearInterval(timer);
      offs.forEach((off) => off());
    };
  }

  async load(): Promise<void> {
    try {
      [this.statuses, this.dnd] = await Promise.all([
        this.#rpc.invoke('sync.status', {}),
        this.#rpc.invoke('dnd.get', {}),
      ]);
      this.error = undefined;
    } catch (err) {
      this.error = explainError(err);
      return;
    }
    // After the error is cleared, so that a failed log load stays on screen.
    const first = this.statuses[0]?.accountId;
    if (this.selected === undefined && first) await this.select(first);
  }

  /** Shows an account's log of decisions. */
  async select(accountId: string): Promise<void> {
    this.selected = accountId;
    // Never the last account's log under this one's name, should this load fail.
    this.entries = [];
    try {
      this.entries = await this.#rpc.invoke('sync.decisions', { accountId });
      this.error = undefined;
    } catch (err) {
      this.error = explainError(err);
    }
  }

  async reconnect(): Promise<void> {
    try {
      await this.#rpc.invoke('sync.reconnect', {});
      this.error = undefined;
    } catch (err) {
      this.error = explainError(err);
    }
  }

  /** The connection check a failing account's card offers. */
  readonly runDoctor: RunDoctor = (target) => this.#rpc.invoke('doctor.run', target);

  /** Turns Do Not Disturb on or off; a refusal rejects, for the card to say. */
  async setDnd(choice: DndChoice): Promise<void> {
    this.dnd = await this.#rpc.invoke('dnd.set', { choice });
  }
}
