/**
 * Who is typing where, per account: the `typing` events of each account's queue kept on a
 * board (board.ts) that expires them on the server's periods, and pushed to the windows as
 * `messages.typing` with people's names.
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountState } from '../model/account-state.ts';
import type { PushBus } from '../push-bus.ts';
import { TypingBoard, readTypingEvent } from './board.ts';
import { DEFAULT_TYPING_PERIODS, type TypingPeriods } from '../model/typing-periods.ts';

export class TypingBoards {
  readonly #boards = new Map<string, TypingBoard>();

  constructor(
    private readonly clock: Clock,
    private readonly bus: PushBus,
    private readonly stateOf: (accountId: string) => AccountState | undefined,
  ) {}

  /** The server's periods, from the account's latest registration. */
  periods(accountId: string): TypingPeriods {
    return this.stateOf(accountId)?.typingPeriods ?? DEFAULT_TYPING_PERIODS;
  }

  /** Takes the batch's typing events of other people onto the account's board. */
  follow(accountId: string, events: readonly ServerEvent[]): void {
    const me = this.stateOf(accountId)?.userId;
    if (me === undefined) return;
    for (const received of events) {
      const raw = (received.type === 'unknown' ? received.payload : received) as Record<
        string,
        unknown
      >;
      if (raw.type !== 'typing') continue;
      const event = readTypingEvent(raw, me);
      if (event && event.senderId !== me) this.#boardFor(accountId).apply(event);
    }
  }

  #boardFor(accountId: string): TypingBoard {
    let board = this.#boards.get(accountId);
    if (!board) {
      const publish = () => {
        const state = this.stateOf(accountId);
        const name = (id: number) => state?.user(id)?.full_name ?? `user ${id}`;
        this.bus.publish('messages.typing', {
          accountId,
          typing: (this.#boards.get(accountId)?.list() ?? []).map((t) => ({
            ...t,
            names: t.userIds.map(name),
          })),
        });
      };
      board = new TypingBoard(this.clock, publish, () => this.periods(accountId));
      this.#boards.set(accountId, board);
    }
    return board;
  }
}
