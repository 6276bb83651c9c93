/**
 * Typing, both ways, for one account's Messages screen: who the Core's typing board says is
 * typing in the open conversation (the typing line), and the user's own typing told to the
 * Core as TypingReport decides (typing-report.ts). Made by MessagesScreen; tests drive it with
 * a recording Core.
 */
import type { SendTo } from '../../../../contract/schemas/messages.ts';
import type { Typists, TypingTarget } from '../../../../contract/schemas/typing.ts';
import { typingKey } from '../../../../lib/typing-key.ts';
import type { RpcPort } from '../../../lib/rpc-port.ts';
import { typingText } from '../../../lib/typing-text.ts';

export class TypingModel {
  readonly #rpc: RpcPort;
  readonly accountId: string;
  /** Everyone typing in this account's conversations, as last pushed. */
  typists = $state.raw<Typists['typing']>([]);

  constructor(rpc: RpcPort, accountId: string) {
    this.#rpc = rpc;
    this.accountId = accountId;
  }

  /** Follows the Core's typing board for this account; returns what stops following it. */
  start(): () => void {
    return this.#rpc.on('messages.typing', (update) => {
      if (update.accountId === this.accountId) this.typists = update.typing;
    });
  }

  /** "Ada is typing…" for a conversation (`topic` completes a channel's), or ''. */
  textFor(to: SendTo | undefined, topic: string): string {
    if (!to) return '';
    const key = typingKey(to.type === 'stream' ? { ...to, topic } : to);
    return typingText(this.typists.find((t) => typingKey(t.to) === key)?.names ?? []);
  }

  /** Tells the Core the user started or stopped typing there. */
  readonly report = (target: TypingTarget, active: boolean): void =>
    // A lost notice costs only an indicator elsewhere.
    void this.#rpc
      .invoke('messages.typing', { accountId: this.accountId, to: target, active })
      .catch(() => undefined);
}
