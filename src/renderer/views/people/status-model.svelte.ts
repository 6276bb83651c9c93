/**
 * Saving the signed-in user's own status through the Core (`status.set`): whether a save is
 * on its way, and what became of the last one (the sentence to show, or the error's words).
 * Made by the Messages screen for StatusMenu; tests drive it with a recording Core.
 */
import type { StatusWire } from '../../../contract/schemas/people.ts';
import { errorText } from '../../lib/errors.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export type StatusEmoji = NonNullable<StatusWire['emoji']>;
export type StatusChange = { text: string; emoji: StatusEmoji | null; away: boolean };

export class StatusModel {
  readonly #rpc: RpcPort;
  readonly accountId: string;
  busy = $state(false);
  error = $state<string | undefined>();
  done = $state<string | undefined>();

  constructor(rpc: RpcPort, accountId: string) {
    this.#rpc = rpc;
    this.accountId = accountId;
  }

  /** Forgets the last save's outcome (the menu opens afresh). */
  reset(): void {
    this.error = this.done = undefined;
  }

  /** Saves the status; `said` is what shows once the server has it. */
  async save(change: StatusChange, said: string): Promise<void> {
    this.busy = true;
    this.reset();
    try {
      await this.#rpc.invoke('status.set', {
        accountId: this.accountId,
        statusText: change.text,
        // An empty name clears the emoji.
        emojiName: change.emoji?.name ?? '',
        ...(change.emoji ? { emojiCode: change.emoji.code, reactionType: change.emoji.type } : {}),
        away: change.away,
      });
      this.done = said;
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
    }
  }
}
