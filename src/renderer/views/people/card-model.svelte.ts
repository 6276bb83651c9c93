/**
 * A person's card as the Core answers it (`people.card`): the card asked for last, or the
 * words saying why it could not be loaded. Made by the Messages screen for PersonCard; tests
 * drive it with a recording Core.
 */
import type { PersonCard } from '../../../contract/schemas/people.ts';
import { errorText } from '../../lib/errors.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export class CardModel {
  readonly #rpc: RpcPort;
  readonly accountId: string;
  card = $state.raw<PersonCard | undefined>();
  error = $state<string | undefined>();
  #asked = 0;

  constructor(rpc: RpcPort, accountId: string) {
    this.#rpc = rpc;
    this.accountId = accountId;
  }

  /** Loads someone's card; true once it shows (false when another was asked for meanwhile). */
  async load(userId: number): Promise<boolean> {
    const mine = ++this.#asked;
    this.card = undefined;
    this.error = undefined;
    try {
      const card = await this.#rpc.invoke('people.card', { accountId: this.accountId, userId });
      if (mine !== this.#asked) return false;
      this.card = card;
      return true;
    } catch (err) {
      if (mine === this.#asked) this.error = errorText(err);
      return false;
    }
  }

  /** The card closed: an answer still on its way no longer shows. */
  close(): void {
    this.#asked++;
  }
}
