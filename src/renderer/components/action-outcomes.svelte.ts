/**
 * What became of the reader's actions whose answer was lost (docs/architecture.md "Writes"):
 * the Core settles each and pushes `actions.settled`, wherever the reader is by then. Those
 * the server does not hold are kept here as sentences with Retry, until done or dismissed;
 * the rows themselves show the settled state from the Core's messages whenever they render.
 */
import type { ActionSettled } from '../../contract/schemas/pending-actions.ts';
import { errorText } from '../lib/errors.ts';
import type { RpcPort } from '../lib/rpc-port.ts';

export interface Outcome extends ActionSettled {
  /** Retry is on its way. */
  busy: boolean;
  /** Why the retry did not work, in words. */
  error?: string | undefined;
}

export class ActionOutcomes {
  outcomes = $state<Outcome[]>([]);
  readonly #port: RpcPort;

  constructor(port: RpcPort) {
    this.#port = port;
  }

  /** Follows the Core's settlements; returns the way to stop. */
  listen(): () => void {
    return this.#port.on('actions.settled', (s) => {
      if (s.applied) return;
      this.outcomes = [...this.outcomes, { ...s, busy: false }];
    });
  }

  dismiss(id: number): void {
    this.outcomes = this.outcomes.filter((o) => o.id !== id);
  }

  async retry(id: number): Promise<void> {
    this.#patch(id, { busy: true, error: undefined });
    try {
      await this.#port.invoke('actions.retry', { id });
      this.dismiss(id);
    } catch (err) {
      this.#patch(id, { busy: false, error: errorText(err) });
    }
  }

  #patch(id: number, patch: Partial<Outcome>): void {
    this.outcomes = this.outcomes.map((o) => (o.id === id ? { ...o, ...patch } : o));
  }
}
