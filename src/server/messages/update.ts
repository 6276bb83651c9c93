/**
 * PATCH /messages/{id} and DELETE /messages/{id}: the checks upstream makes, in its order
 * and words, before edit.ts changes anything; and the deletion with its event.
 */
import { badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { UserRecord } from '../state/types.ts';
import { canReadChannelHistory } from './access.ts';
import {
  checkChannelMove,
  checkContentEdit,
  checkDelete,
  checkMoveLimits,
  checkTopicEdit,
  isResolveOnly,
} from './edit-rules.ts';
import { editMessages, type PropagateMode } from './edit.ts';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from './limits.ts';
import { sendMoveNotices, type MovedThread } from './move-notices.ts';
import { readableMessage } from './reactions.ts';
import type { Messaging } from './service.ts';
import type { StoredMessage } from './types.ts';

const MODES: readonly PropagateMode[] = ['change_one', 'change_later', 'change_all'];

/** The messages a move takes along, ascending: the target, or its topic from it or all of it. */
function messagesToMove(
  m: Messaging,
  user: UserRecord,
  target: StoredMessage,
  mode: PropagateMode,
): StoredMessage[] {
  if (mode === 'change_one' || target.stream_id === null) return [target];
  const topic = target.topic.toLowerCase();
  const history = m.store.history(user.user_id);
  const out: StoredMessage[] = [];
  for (const id of m.store.channelMessageIds(target.stream_id)) {
    if (mode === 'change_later' && id < target.id) continue;
    const message = m.store.get(id);
    if (!message || message.topic.toLowerCase() !== topic) continue;
    if (history.indexOf(id) >= 0 || m.canReadWithoutCopy(user, message)) out.push(message);
  }
  return out;
}

function newTopic(m: Messaging, params: Params): string | undefined {
  const name = params.has('topic') ? 'topic' : 'subject';
  const raw = params.optString(name);
  if (raw === undefined) return undefined;
  const topic = raw.trim();
  if (topic === '' && m.state.featureLevel < 334) throw badRequest("Topic can't be empty");
  return [...topic].slice(0, MAX_TOPIC_LENGTH).join('');
}

export function updateMessage(m: Messaging, user: UserRecord, id: number, params: Params): void {
  const target = readableMessage(m, user, id);
  const rawContent = params.optString('content');
  const topic = newTopic(m, params);
  const streamId = params.optInt('stream_id');
  const mode = params.optEnum('propagate_mode', MODES) ?? 'change_one';
  const notices = noticeWishes(m, params);
  params.optString('prev_content_sha256');
  if (rawContent === undefined && topic === undefined && streamId === undefined)
    throw badRequest('Nothing to change');
  if (rawContent !== undefined && streamId !== undefined)
    throw badRequest('Cannot change message content while changing channel');
  if (mode !== 'change_one' && topic === undefined && streamId === undefined)
    throw badRequest('Invalid propagate_mode without topic edit');
  if (target.stream_id === null && topic !== undefined)
    throw badRequest('Direct messages cannot have topics.');
  if (target.stream_id === null && streamId !== undefined)
    throw badRequest('Direct messages cannot be moved to channels.');

  const now = m.now();
  let content: string | undefined;
  if (rawContent !== undefined) {
    checkContentEdit(m.state, user, target, now);
    // Upstream keeps an emptied message as a visible "(deleted)".
    const trimmed = rawContent.trim() === '' ? '(deleted)' : rawContent;
    content = [...trimmed].slice(0, MAX_MESSAGE_LENGTH).join('');
  }
  const topicChanges = topic !== undefined && topic !== target.topic;
  const channelChanges = streamId !== undefined && streamId !== target.stream_id;
  if (topicChanges) checkTopicEdit(m.state, user, target, topic, now);
  if (channelChanges) {
    const channel = m.state.channels.get(streamId);
    if (!channel || channel.is_archived || !canReadChannelHistory(m.state, user, streamId))
      throw badRequest('Invalid channel ID');
    checkChannelMove(m.state, user, target, now);
  }
  const moving = topicChanges || channelChanges ? messagesToMove(m, user, target, mode) : [target];
  const resolveOnly = topicChanges && !channelChanges && isResolveOnly(target.topic, topic);
  checkMoveLimits(m.state, user, moving, channelChanges, resolveOnly, now);
  const from = { streamId: target.stream_id ?? 0, topic: target.topic };
  editMessages(m, target, moving, {
    editor: user,
    ...(content !== undefined ? { content } : {}),
    ...(topicChanges ? { topic } : {}),
    ...(channelChanges ? { streamId } : {}),
    propagateMode: mode,
    timestamp: now,
  });
  // Resolving or unresolving is not announced as a move.
  if ((!topicChanges && !channelChanges) || resolveOnly) return;
  // Before FL 152 the notices were only for moves to another channel.
  if (!channelChanges && m.state.featureLevel < 152) return;
  sendMoveNotices(m, {
    editor: user,
    from,
    to: { streamId: target.stream_id ?? 0, topic: target.topic },
    count: moving.length,
    wholeTopic: !anyLeft(m, user, from),
    ...notices,
  });
}

/** The notices asked for, with the defaults of the server's feature level (FL 152 changed them). */
function noticeWishes(m: Messaging, params: Params): { toOld: boolean; toNew: boolean } {
  const old = params.optBool('send_notification_to_old_thread');
  const fresh = params.optBool('send_notification_to_new_thread');
  return { toOld: old ?? m.state.featureLevel < 152, toNew: fresh ?? true };
}

/** Whether the user can still read a message in the topic the move left. */
function anyLeft(m: Messaging, user: UserRecord, from: MovedThread): boolean {
  const topic = from.topic.toLowerCase();
  const history = m.store.history(user.user_id);
  return m.store.channelMessageIds(from.streamId).some((id) => {
    const message = m.store.get(id);
    if (!message || message.topic.toLowerCase() !== topic) return false;
    return history.indexOf(id) >= 0 || m.canReadWithoutCopy(user, message);
  });
}

export function deleteMessage(m: Messaging, user: UserRecord, id: number): void {
  const message = readableMessage(m, user, id);
  checkDelete(m.state, user, message, m.now());
  const audience = m.usersWithMessage(message.id);
  m.store.delete(message);
  for (const userId of audience) m.store.history(userId).remove(message.id);
  const where =
    message.stream_id === null
      ? { message_type: 'private' }
      : { message_type: 'stream', stream_id: message.stream_id, topic: message.topic };
  m.events.emit(audience, { type: 'delete_message', message_ids: [message.id], ...where });
}
