/**
 * GET /messages (spec 4.5), POST /messages (docs/api-notes.md "Other endpoints"), and
 * upstream's GET, PATCH and DELETE /messages/{message_id} (openapi get-message,
 * update-message, delete-message).
 */
import { checkTopicAllowed } from '../messages/topics-policy.ts';
import { badRequest } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { queryMessages } from '../messages/query.ts';
import { channelRecipient, directRecipients } from '../messages/recipient-params.ts';
import { messaging } from '../messages/service.ts';
import { readableMessage } from '../messages/reactions.ts';
import { flagNames, HISTORICAL_FLAGS } from '../messages/flags.ts';
import { deleteMessage, updateMessage } from '../messages/update.ts';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../messages/limits.ts';
import { ROLE } from '../state/types.ts';
import { checkWildcards } from '../messages/wildcards.ts';

/**
 * The client a message came from, as upstream names it: an explicit `client` parameter, else
 * the User-Agent's product ("Perch/0.1.0 (linux)" is "Perch"), else "Unspecified".
 */
export function clientName(explicit: string | undefined, userAgent: string | undefined): string {
  const fromAgent = /^[^\s/]+/.exec(userAgent?.trim() ?? '')?.[0];
  return (explicit?.trim() || fromAgent || 'Unspecified').slice(0, 30);
}

function sendMessage({ ctx, params, user, userAgent }: RouteRequest): { id: number } {
  const m = messaging(ctx);
  const type = params.string('type');
  const to = params.string('to');
  const content = params.string('content');
  // The sending client's local echo: its own queue's message event says `local_message_id`.
  const queueId = params.optString('queue_id');
  const localId = params.optString('local_id');
  const localEcho = queueId && localId ? { localEcho: { queueId, localId } } : {};
  params.optString('read_by_sender');
  const client = clientName(params.optString('client'), userAgent);
  if (content.trim() === '') throw badRequest('Message must not be empty');
  const body = content.length > MAX_MESSAGE_LENGTH ? content.slice(0, MAX_MESSAGE_LENGTH) : content;

  if (type === 'stream' || type === 'channel') {
    const channel = channelRecipient(ctx.state, to);
    const subscribed = ctx.state.subscription(user.user_id, channel.stream_id) !== undefined;
    const mayPost = subscribed || (!channel.invite_only && user.role !== ROLE.guest) || user.is_bot;
    if (!mayPost) throw badRequest('Not authorized to send to channel');
    if (channel.is_archived) throw badRequest('Not authorized to send to channel');
    const topicParam = params.has('topic') ? 'topic' : 'subject';
    const topic = (params.optString(topicParam) ?? '').trim();
    if (topic === '' && ctx.state.featureLevel < 334) throw badRequest("Topic can't be empty!");
    checkTopicAllowed(ctx.state, topic);
    checkWildcards(ctx.state, m, user, channel.stream_id, topic, body);
    const message = m.send({
      sender: user,
      streamId: channel.stream_id,
      topic: topic.slice(0, MAX_TOPIC_LENGTH),
      content: body,
      client,
      ...localEcho,
    });
    return { id: message.id };
  }
  // `direct` replaced `private` at feature level 174; older servers knew only the latter.
  if (type === 'private' || (type === 'direct' && ctx.state.featureLevel >= 174)) {
    const recipients = directRecipients(ctx.state, to);
    const message = m.send({
      sender: user,
      dmUserIds: recipients.map((u) => u.user_id),
      content: body,
      client,
      ...localEcho,
    });
    return { id: message.id };
  }
  throw badRequest('Invalid message type');
}

/** One message with its Markdown source, for "view source" and the edit box. */
function getMessage({ ctx, params, user, pathInt }: RouteRequest): Record<string, unknown> {
  const m = messaging(ctx);
  const message = readableMessage(m, user, pathInt('message_id'));
  const level = ctx.state.featureLevel;
  const format = {
    applyMarkdown: params.optBool('apply_markdown') ?? true,
    clientGravatar: true,
    allowEmptyTopicName: level >= 334 ? (params.optBool('allow_empty_topic_name') ?? false) : false,
  };
  const flags = m.store.history(user.user_id).flagsOf(message.id) ?? HISTORICAL_FLAGS;
  return {
    raw_content: message.content,
    message: { ...m.formatFor(user.user_id, message, format), flags: flagNames(flags) },
  };
}

export function register(router: Router): void {
  router.get('/messages/{message_id}', getMessage);
  router.patch('/messages/{message_id}', ({ ctx, params, user, pathInt }) => {
    updateMessage(messaging(ctx), user, pathInt('message_id'), params);
    return {};
  });
  router.delete('/messages/{message_id}', ({ ctx, user, pathInt }) => {
    deleteMessage(messaging(ctx), user, pathInt('message_id'));
    return {};
  });
  router.get('/messages', ({ ctx, params, user }) => ({
    ...queryMessages(ctx, messaging(ctx), user, params),
  }));
  router.post('/messages', sendMessage);
}
