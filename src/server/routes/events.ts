/** POST /register, GET /events (long-poll) and DELETE /events. */
import type { ServerContext } from '../context.ts';
import { initialState } from '../events/initial-state.ts';
import { EventQueues } from '../events/queues.ts';
import { parseRegister } from '../events/register-params.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { messaging } from '../messages/service.ts';
import { SERVICE_VERSION } from './server-settings.ts';

function queues(ctx: ServerContext): EventQueues {
  if (!(ctx.events instanceof EventQueues))
    throw new Error('event queues are not installed as ctx.events');
  return ctx.events;
}

function registerQueue({ ctx, params, user }: RouteRequest): Record<string, unknown> {
  const req = parseRegister(ctx.state, user, params);
  const queue = queues(ctx).register(req.queue);
  // The queue's own keys last: the initial state may hold upstream's empty placeholders.
  return {
    ...initialState(ctx, messaging(ctx), user, req.state),
    queue_id: queue.id,
    last_event_id: queue.lastEventId,
    service_feature_level: ctx.state.featureLevel,
    service_version: SERVICE_VERSION,
    service_merge_base: '',
    event_queue_longpoll_timeout_seconds: ctx.options.longpollTimeoutSeconds,
  };
}

async function getEvents({
  ctx,
  params,
  user,
  signal,
}: RouteRequest): Promise<Record<string, unknown>> {
  const all = queues(ctx);
  const queueId = params.optString('queue_id');
  const queue =
    queueId === undefined
      ? all.register(parseRegister(ctx.state, user, params).queue)
      : all.get(queueId, user.user_id);
  const lastEventId = params.optInt('last_event_id', { min: -1 });
  const dontBlock = params.optBool('dont_block') ?? false;
  const events = await all.poll(queue, { lastEventId, dontBlock, signal });
  return { events, queue_id: queue.id };
}

function deleteQueue({ ctx, params, user }: RouteRequest): Record<string, never> {
  const all = queues(ctx);
  all.delete(all.get(params.string('queue_id'), user.user_id));
  return {};
}

export function register(router: Router): void {
  router.post('/register', registerQueue);
  router.get('/events', getEvents);
  router.delete('/events', deleteQueue);
}
