/** Scheduled messages: upstream's `/scheduled_messages` endpoints (scheduled/ does the work). */
import type { RouteRequest, Router } from '../http/router.ts';
import { scheduledMessages, type ScheduledInput } from '../scheduled/scheduled-messages.ts';
import { clientName } from './messages.ts';

function input({ params }: RouteRequest): ScheduledInput {
  params.optString('read_by_sender');
  const out: ScheduledInput = {};
  const type = params.optString('type');
  const to = params.optString('to');
  const topic = params.optString('topic');
  const content = params.optString('content');
  const at = params.optInt('scheduled_delivery_timestamp');
  if (type !== undefined) out.type = type;
  if (to !== undefined) out.to = to;
  if (topic !== undefined) out.topic = topic;
  if (content !== undefined) out.content = content;
  if (at !== undefined) out.at = at;
  return out;
}

/**
 * Listing and deleting are new at FL 173, creating at 179 and editing at 184 (upstream's
 * API documentation).
 */
export function register(router: Router): void {
  router.get(
    '/scheduled_messages',
    (req) => ({ scheduled_messages: scheduledMessages(req.ctx).list(req.user) }),
    { sinceLevel: 173 },
  );
  router.post(
    '/scheduled_messages',
    (req) => {
      const given = input(req);
      for (const name of ['type', 'to', 'content'] as const) req.params.string(name);
      req.params.int('scheduled_delivery_timestamp');
      const client = clientName(req.params.optString('client'), req.userAgent);
      return { scheduled_message_id: scheduledMessages(req.ctx).create(req.user, given, client) };
    },
    { sinceLevel: 179 },
  );
  router.patch(
    '/scheduled_messages/{scheduled_message_id}',
    (req) => {
      scheduledMessages(req.ctx).update(req.user, req.pathInt('scheduled_message_id'), input(req));
      return {};
    },
    { sinceLevel: 184 },
  );
  router.delete(
    '/scheduled_messages/{scheduled_message_id}',
    (req) => {
      scheduledMessages(req.ctx).remove(req.user, req.pathInt('scheduled_message_id'));
      return {};
    },
    { sinceLevel: 173 },
  );
}
