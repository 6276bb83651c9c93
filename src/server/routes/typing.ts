/**
 * POST /typing (the widely deployed server's set-typing-status): relays "op start/stop" to
 * the conversation's other participants as `typing` events. The server keeps no typing
 * state; clients repeat "start" and expire indicators themselves.
 */
import { badRequest } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { channelRecipient, directRecipients } from '../messages/recipient-params.ts';
import { EventQueues } from '../events/queues.ts';
import type { UserRecord } from '../state/types.ts';

/** Channel typing events exist since FL 58; their parameters took this shape at FL 215. */
const CHANNEL_TYPING_LEVEL = 58;

const person = (u: UserRecord) => ({ user_id: u.user_id, email: u.email });

function setTyping({ ctx, params, user }: RouteRequest): Record<string, never> {
  const op = params.optEnum('op', ['start', 'stop'] as const);
  if (op === undefined) throw badRequest("Missing 'op' argument");
  const type = params.optEnum('type', ['direct', 'private', 'stream', 'channel'] as const);
  const events = ctx.events instanceof EventQueues ? ctx.events : undefined;

  if (type === 'stream' || type === 'channel') {
    if (ctx.state.featureLevel < CHANNEL_TYPING_LEVEL) throw badRequest('Invalid type');
    const streamId = params.optInt('stream_id', { min: 1 });
    if (streamId === undefined) throw badRequest('Missing channel ID');
    const topic = params.optString('topic');
    if (topic === undefined) throw badRequest('Missing topic');
    const channel = channelRecipient(ctx.state, String(streamId));
    if (!ctx.state.canAccessChannel(user, channel)) throw badRequest('Invalid channel ID');
    const audience = ctx.state
      .subscribersOf(channel.stream_id)
      .filter((id) => id !== user.user_id)
      .filter((id) => ctx.state.users.get(id)?.is_active === true);
    events?.emit(audience, {
      type: 'typing',
      op,
      message_type: 'stream',
      sender: person(user),
      stream_id: channel.stream_id,
      topic,
    });
    return {};
  }

  const to = params.optString('to');
  if (to === undefined) throw badRequest("Missing 'to' argument");
  const others = directRecipients(ctx.state, to);
  // The sender is a participant of their own conversation, as in a direct message's recipients.
  const everyone = [...new Map([user, ...others].map((u) => [u.user_id, u])).values()];
  events?.emit(
    everyone.filter((u) => u.is_active).map((u) => u.user_id),
    {
      type: 'typing',
      op,
      message_type: ctx.state.featureLevel >= 174 ? 'direct' : 'private',
      sender: person(user),
      recipients: everyone.map(person),
    },
  );
  return {};
}

export function register(router: Router): void {
  router.post('/typing', setTyping);
}
