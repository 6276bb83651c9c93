/** Typing notifications: this user's start and stop (typing/senders.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function typingHandlers(ctx: CoreContext): Pick<HandlerTable, 'messages.typing'> {
  const senders = ctx.parts.typingSenders;
  return {
    'messages.typing': async (args) => {
      senders.typed(args);
      return {};
    },
  };
}
