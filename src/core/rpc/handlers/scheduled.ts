/** Scheduled messages (compose/scheduled.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type ScheduledChannels =
  | 'scheduled.list'
  | 'scheduled.create'
  | 'scheduled.update'
  | 'scheduled.sendNow'
  | 'scheduled.cancel';

export function scheduledHandlers(ctx: CoreContext): Pick<HandlerTable, ScheduledChannels> {
  const scheduled = ctx.parts.scheduled;
  return {
    'scheduled.list': (args) => scheduled.list(args),
    'scheduled.create': (args) => scheduled.create(args),
    'scheduled.update': (args) => scheduled.update(args),
    'scheduled.sendNow': (args) => scheduled.sendNow(args),
    'scheduled.cancel': (args) => scheduled.cancel(args),
  };
}
