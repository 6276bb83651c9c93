/**
 * What became of the reader's actions whose answer was lost (docs/architecture.md "Writes"):
 * the Core settles each and pushes `actions.settled`, wherever the reader is by then. Those
 * the server does not hold are kept here as sentences with Retry, until done or dismissed;
 * the rows themselves show the settled state from the Core's messages whenever they render.
 * Each failure is said in one place: by the view that made it when its call was answered
 * with it (`told`) and the message is still on screen, here otherwise.
 */
import type { ActionSettled } from '../../contract/schemas/pending-actions.ts';
import { errorText } from '../lib/errors.ts';
import { messagesOnScreen } from '../lib/messages-on-screen.ts';
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
  readonly #onScreen: (accountId: string, messageId: number) => boolean;

  constructor(
    port: RpcPort,
    onScreen = (accountId: string, messageId: number) =>
      messagesOnScreen.shows(accountId, messageId),
  ) {
    this.#port = port;
    this.#onScreen = onScreen;
  }

  /** Follows the Core's settlements; returns the way to stop. */
  listen(): () => void {
    return this.#port.on('actions.settled', (s) => {
      if (s.applied) return;
      // Its row said so already, where the reader is looking.
      if (s.told && this.#onScreen(s.accountId, s.messageId)) return;
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
