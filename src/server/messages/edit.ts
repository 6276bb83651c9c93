/**
 * Editing a message's content and moving messages to another topic or channel, with the
 * edit history newest first (spec 2.2) and one `update_message` event to everyone holding
 * them. A move to another channel gives the new channel's subscribers a copy and takes it
 * from those who may no longer read it (they get `delete_message`), as upstream does.
 * The demo generator uses it to give the history its edits and moves.
 */
import { canReadChannelHistory } from './access.ts';
import type { UserRecord } from '../state/types.ts';
import { isResolveOnly } from './edit-rules.ts';
import { FLAG_BITS, flagNames } from './flags.ts';
import { topicLinks } from './format.ts';
import { renderOptionsOf, type Messaging } from './service.ts';
import type { EditRecord, StoredMessage } from './types.ts';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditInput {
  editor: UserRecord;
  content?: string;
  topic?: string;
  streamId?: number;
  propagateMode?: PropagateMode;
  /** UNIX seconds; defaults to now. */
  timestamp?: number;
}

function editContent(
  m: Messaging,
  message: StoredMessage,
  content: string,
  entry: EditRecord,
  event: Record<string, unknown>,
  editor: UserRecord,
): void {
  const rendered = m.renderer.render(content, renderOptionsOf(editor));
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

/**
 * Moves one message; the history entry says what changed. Resolving or unresolving alone
 * is not a move the message shows (spec 2.2, last_moved_timestamp).
 */
function move(m: Messaging, message: StoredMessage, topic: string, streamId: number, at: number) {
  const shown = streamId !== message.stream_id || !isResolveOnly(message.topic, topic);
  const entry: EditRecord = { user_id: null, timestamp: at };
  if (topic !== message.topic) {
    entry.prev_topic = message.topic;
    entry.topic = topic;
    message.topic = topic;
  }
  if (streamId !== message.stream_id) {
    const from = message.stream_id ?? 0;
    entry.prev_stream = from;
    entry.stream = streamId;
    message.stream_id = streamId;
    m.store.reindexChannel(message, from);
  }
  if (shown) message.last_moved_timestamp = at;
  return entry;
}

/**
 * Who holds the moved messages afterwards: the new channel's subscribers gain a (read) copy,
 * and those who may no longer read the channel lose theirs. Returns who lost which.
 */
function reassignCopies(m: Messaging, moved: readonly StoredMessage[], streamId: number) {
  const state = m.state;
  const lost = new Map<number, number[]>();
  const subscribers = state.subscribersOf(streamId);
  for (const message of moved) {
    for (const userId of m.usersWithMessage(message.id)) {
      const user = state.users.get(userId);
      const keeps =
        user !== undefined &&
        (subscribers.includes(userId) || canReadChannelHistory(state, user, streamId));
      if (keeps) continue;
      m.store.history(userId).remove(message.id);
      lost.set(userId, [...(lost.get(userId) ?? []), message.id]);
    }
    for (const userId of subscribers) m.store.history(userId).insert(message.id, FLAG_BITS.read);
  }
  return lost;
}

/**
 * Applies the changes that differ: content to `target` only, a topic or channel to every
 * message of `moving` (target included, ascending). Returns whether anything changed.
 */
export function editMessages(
  m: Messaging,
  target: StoredMessage,
  moving: readonly StoredMessage[],
  input: EditInput,
): boolean {
  const timestamp = input.timestamp ?? m.now();
  const event: Record<string, unknown> = {
    type: 'update_message',
    user_id: input.editor.user_id,
    rendering_only: false,
    message_id: target.id,
    message_ids: [target.id],
    edit_timestamp: timestamp,
  };
  // Upstream: "As of Zulip 5.0 (feature level 112), this field is present for all edits to
  // a stream message", content-only ones included.
  if (target.stream_id !== null && m.state.featureLevel >= 112) event.stream_id = target.stream_id;
  const entries = new Map<StoredMessage, EditRecord>();
  if (input.content !== undefined && input.content !== target.content) {
    const entry: EditRecord = { user_id: input.editor.user_id, timestamp };
    editContent(m, target, input.content, entry, event, input.editor);
    entries.set(target, entry);
  }
  // Direct messages have no topic or channel to move.
  const fromStream = target.stream_id;
  const fromTopic = target.topic;
  const topic = input.topic ?? fromTopic;
  const streamId = input.streamId ?? fromStream;
  let lost = new Map<number, number[]>();
  if (
    fromStream !== null &&
    streamId !== null &&
    (topic !== fromTopic || streamId !== fromStream)
  ) {
    const holders = moving;
    for (const message of holders) {
      const entry = move(m, message, topic, streamId, timestamp);
      const before = entries.get(message);
      entries.set(message, { ...before, ...entry, user_id: input.editor.user_id });
    }
    // orig_subject: "present if this event moved messages to a different topic and/or
    // stream", so a channel move that keeps the topic names it too.
    Object.assign(event, {
      message_ids: holders.map((x) => x.id),
      stream_id: fromStream,
      propagate_mode: input.propagateMode ?? 'change_one',
      orig_subject: fromTopic,
    });
    if (topic !== fromTopic) {
      Object.assign(event, {
        subject: topic,
        topic_links: topicLinks(m.state, topic),
      });
    }
    if (streamId !== fromStream) {
      event.new_stream_id = streamId;
      lost = reassignCopies(m, holders, streamId);
    }
  }
  if (entries.size === 0) return false;
  for (const [message, entry] of entries) message.edit_history.unshift(entry);
  if (target.stream_id !== null)
    m.store.addParticipant(target.stream_id, target.topic, input.editor.user_id);
  announce(m, target, event, lost, fromStream, fromTopic);
  return true;
}

function announce(
  m: Messaging,
  target: StoredMessage,
  event: Record<string, unknown>,
  lost: ReadonlyMap<number, number[]>,
  fromStream: number | null,
  fromTopic: string,
): void {
  const ids = event.message_ids as number[];
  const audience = new Set<number>();
  for (const id of ids) for (const userId of m.usersWithMessage(id)) audience.add(userId);
  for (const userId of audience) {
    const flags = m.store.history(userId).flagsOf(target.id) ?? 0;
    m.events.emit([userId], { ...event, flags: flagNames(flags) });
  }
  for (const [userId, messageIds] of lost) {
    m.events.emit([userId], {
      type: 'delete_message',
      message_type: 'stream',
      message_ids: messageIds,
      stream_id: fromStream,
      topic: fromTopic,
    });
  }
}

/** One message's edit, as the demo generator makes them. */
export function editMessage(m: Messaging, message: StoredMessage, input: EditInput): void {
  editMessages(m, message, [message], input);
}
