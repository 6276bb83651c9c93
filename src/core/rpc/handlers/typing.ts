/** Typing notifications: this user's start and stop (typing/senders.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function typingHandlers(ctx: CoreContext): Pick<HandlerTable, 'messages.typing'> {
  return {
    'messages.typing': async ({ accountId, to, active }) => {
      const sender = ctx.parts.typingSenders.for(accountId);
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
