/**
 * This user's typing notices, per account: one TypingSender each (sender.ts), paced on the
 * server's periods and sent through the account's client.
 */
import { setTypingStatus } from '../../api/routes/typing.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Args } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { AccountSettings } from '../model/state-types.ts';
import type { TypingPeriods } from '../model/typing-periods.ts';
import { TypingSender } from './sender.ts';

export class TypingSenders {
  readonly #senders = new Map<string, TypingSender>();

  constructor(
    private readonly clock: Clock,
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly periods: (accountId: string) => TypingPeriods,
    private readonly settingsOf: (accountId: string) => AccountSettings | undefined,
  ) {}

  /**
   * The user typed in a compose box or stopped: a start is sent only where the user's own
   * send_*_typing_notifications setting allows (spec 4.1); a stop always ends what was sent.
   */
  typed({ accountId, to, active }: Args<'messages.typing'>): void {
    const sender = this.for(accountId);
    if (!active) {
      sender.stopped();
      return;
    }
    const settings = this.settingsOf(accountId);
    const setting =
      to.type === 'direct'
        ? settings?.send_private_typing_notifications
        : settings?.send_stream_typing_notifications;
    sender.typed(to, setting !== false);
  }

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
