/**
 * This user's typing notices, per account: one TypingSender each (sender.ts), paced on the
 * server's periods and sent through the account's client.
 */
import { setTypingStatus } from '../../api/routes/typing.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { TypingPeriods } from '../model/typing-periods.ts';
import { TypingSender } from './sender.ts';

export class TypingSenders {
  readonly #senders = new Map<string, TypingSender>();

  constructor(
    private readonly clock: Clock,
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly periods: (accountId: string) => TypingPeriods,
  ) {}

  for(accountId: string): TypingSender {
    let sender = this.#senders.get(accountId);
    if (!sender) {
      sender = new TypingSender(
        this.clock,
        (op, to) => {
          // A lost typing notice only means a missing indicator elsewhere; nothing to tell.
          void this.accounts
            .clientFor(accountId)
            .then(({ client }) => setTypingStatus(client, op, to))
            .catch(() => undefined);
        },
        () => this.periods(accountId),
      );
      this.#senders.set(accountId, sender);
    }
    return sender;
  }
}
