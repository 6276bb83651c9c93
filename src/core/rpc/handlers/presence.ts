/** Who is online and people's statuses (presence/presence-service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function presenceHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'presence.window' | 'presence.get' | 'status.set'> {
  const presence = ctx.parts.presence;
  return {
    'presence.window': async ({ state }) => {
      ctx.sync.setWindow(state);
      return {};
    },
    'presence.get': async ({ accountId }) => presence.snapshot(accountId),
    'status.set': (args) => presence.setStatus(args),
  };
}
