/**
 * Editing a message's content and moving it to another topic or channel, with the edit
 * history newest first (spec 2.2) and the `update_message` event to everyone holding it.
 * The demo generator uses it to give the history its edits and moves.
 */
import type { UserRecord } from '../state/types.ts';
import { flagNames } from './flags.ts';
import type { Messaging } from './service.ts';
import type { EditRecord, StoredMessage } from './types.ts';

export interface EditInput {
  editor: UserRecord;
  content?: string;
  topic?: string;
  streamId?: number;
  /** UNIX seconds; defaults to now. */
  timestamp?: number;
}

function editContent(
  m: Messaging,
  message: StoredMessage,
  content: string,
  entry: EditRecord,
  event: Record<string, unknown>,
): void {
  const rendered = m.renderer.render(content);
  entry.prev_content = message.content;
  entry.prev_rendered_content = message.rendered;
  Object.assign(event, {
    orig_content: message.content,
    orig_rendered_content: message.rendered,
    content,
    rendered_content: rendered.html,
    is_me_message: rendered.isMeMessage,
  });
  message.content = content;
  message.rendered = rendered.html;
  message.is_me_message = rendered.isMeMessage;
  message.mentions = rendered.mentions;
  message.last_edit_timestamp = entry.timestamp;
}

function moveTopic(
  message: StoredMessage,
  topic: string,
  entry: EditRecord,
  event: Record<string, unknown>,
): void {
  entry.prev_topic = message.topic;
  entry.topic = topic;
  Object.assign(event, {
    stream_id: message.stream_id,
    orig_subject: message.topic,
    subject: topic,
    propagate_mode: 'change_one',
  });
  message.topic = topic;
  message.last_moved_timestamp = entry.timestamp;
}

function moveChannel(
  m: Messaging,
  message: StoredMessage,
  streamId: number,
  entry: EditRecord,
  event: Record<string, unknown>,
): void {
  const from = message.stream_id ?? 0;
  entry.prev_stream = from;
  entry.stream = streamId;
  Object.assign(event, { stream_id: from, new_stream_id: streamId, propagate_mode: 'change_one' });
  message.stream_id = streamId;
  m.store.reindexChannel(message, from);
  message.last_moved_timestamp = entry.timestamp;
}

/** Applies the changes that differ from the message; does nothing when none does. */
export function editMessage(m: Messaging, message: StoredMessage, input: EditInput): void {
  const timestamp = input.timestamp ?? m.now();
  const entry: EditRecord = { user_id: input.editor.user_id, timestamp };
  const event: Record<string, unknown> = {
    type: 'update_message',
    user_id: input.editor.user_id,
    rendering_only: false,
    message_id: message.id,
    message_ids: [message.id],
    edit_timestamp: timestamp,
  };
  let changed = false;
  if (input.content !== undefined && input.content !== message.content) {
    editContent(m, message, input.content, entry, event);
    changed = true;
  }
  // Direct messages have no topic or channel to move.
  if (message.stream_id !== null && input.topic !== undefined && input.topic !== message.topic) {
    moveTopic(message, input.topic, entry, event);
    changed = true;
  }
  if (
    message.stream_id !== null &&
    input.streamId !== undefined &&
    input.streamId !== message.stream_id
  ) {
    moveChannel(m, message, input.streamId, entry, event);
    changed = true;
  }
  if (!changed) return;
  message.edit_history.unshift(entry);
  if (message.stream_id !== null)
    m.store.addParticipant(message.stream_id, message.topic, input.editor.user_id);
  for (const userId of m.usersWithMessage(message.id)) {
    const flags = m.store.history(userId).flagsOf(message.id) ?? 0;
    m.events.emit([userId], { ...event, flags: flagNames(flags) });
  }
}
