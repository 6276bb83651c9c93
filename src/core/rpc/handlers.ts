import type { HandlerTable } from './dispatch.ts';
import type { CoreContext } from '../context.ts';

/** The one handler table both transports dispatch into. */
export function createHandlers(ctx: CoreContext): HandlerTable {
  return {
    'app.info': async () => ctx.info,
    'app.status': async () => ctx.status(),
    'prefs.get': async () => ctx.prefs.get(),
    'prefs.set': async (change) => {
      const next = await ctx.prefs.update(change);
      ctx.bus.publish('prefs.changed', next);
      return next;
    },
  };
}
