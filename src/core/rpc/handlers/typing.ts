/** Typing notifications (issue 12 point 4): sending start/stop, and who is typing where. */
import { setTypingStatus } from '../../../api/routes/typing.ts';
import type { CoreContext } from '../../context.ts';
import { TypingBoard, readTypingEvent } from '../../typing/board.ts';
import { DEFAULT_TYPING_PERIODS } from '../../typing/periods.ts';
import { TypingSender } from '../../typing/sender.ts';
import type { HandlerTable } from '../dispatch.ts';

export function typingHandlers(ctx: CoreContext): Pick<HandlerTable, 'messages.typing'> {
  const senders = new Map<string, TypingSender>();
  const boards = new Map<string, TypingBoard>();

  /** The server's periods, from the account's latest registration. */
  const periods = (accountId: string) =>
    ctx.sync.state(accountId)?.typingPeriods ?? DEFAULT_TYPING_PERIODS;

  function senderFor(accountId: string): TypingSender {
    let sender = senders.get(accountId);
    if (!sender) {
      sender = new TypingSender(
        ctx.clock,
        (op, to) => {
          // A lost typing notice only means a missing indicator elsewhere; nothing to tell.
          void ctx.accounts
            .clientFor(accountId)
            .then(({ client }) => setTypingStatus(client, op, to))
            .catch(() => undefined);
        },
        () => periods(accountId),
      );
      senders.set(accountId, sender);
    }
    return sender;
  }

  function boardFor(accountId: string): TypingBoard {
    let board = boards.get(accountId);
    if (!board) {
      const publish = () => {
        const state = ctx.sync.state(accountId);
        const name = (id: number) => state?.user(id)?.full_name ?? `user ${id}`;
        ctx.bus.publish('messages.typing', {
          accountId,
          typing: (boards.get(accountId)?.list() ?? []).map((t) => ({
            ...t,
            names: t.userIds.map(name),
          })),
        });
      };
      board = new TypingBoard(ctx.clock, publish, () => periods(accountId));
      boards.set(accountId, board);
    }
    return board;
  }

  ctx.sync.onEvents((accountId, events) => {
    const me = ctx.sync.state(accountId)?.userId;
    if (me === undefined) return;
    for (const received of events) {
      const raw = (received.type === 'unknown' ? received.payload : received) as Record<
        string,
        unknown
      >;
      if (raw.type !== 'typing') continue;
      const event = readTypingEvent(raw, me);
      if (event && event.senderId !== me) boardFor(accountId).apply(event);
    }
  });

  return {
    'messages.typing': async ({ accountId, to, active }) => {
      const sender = senderFor(accountId);
      if (!active) {
        sender.stopped();
        return {};
      }
      const settings = ctx.sync.state(accountId)?.settings;
      const setting =
        to.type === 'direct'
          ? settings?.send_private_typing_notifications
          : settings?.send_stream_typing_notifications;
      sender.typed(to, setting !== false);
      return {};
    },
  };
}
