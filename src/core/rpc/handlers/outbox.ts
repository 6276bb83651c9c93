/** The outbox: sends kept by the Core until the server confirms them (compose/outbox.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type OutboxChannels = 'outbox.send' | 'outbox.list' | 'outbox.retry' | 'outbox.discard';

export function outboxHandlers(ctx: CoreContext): Pick<HandlerTable, OutboxChannels> {
  const outboxes = ctx.parts.outboxes;
  return {
    'outbox.send': async ({ accountId, ...input }) => {
      ctx.parts.messageService.refuseOverLimit(accountId, input.content);
      const entry = await (await outboxes.for(accountId)).submit(input);
      return { localId: entry.localId };
    },
    'outbox.list': async ({ accountId }) => (await outboxes.for(accountId)).list(),
    'outbox.retry': async ({ accountId, localId }) => {
      // Answered at once: the look-up and the send show in the outbox as they go.
      void (await outboxes.for(accountId)).retry(localId);
      return {};
    },
    'outbox.discard': async ({ accountId, localId }) => {
      await (await outboxes.for(accountId)).discard(localId);
      return {};
    },
  };
}
