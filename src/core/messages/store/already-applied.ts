/**
 * A page fetched just after the server applied an edit, but before the edit's event came
 * through the queue, already shows the edit: applying the event again would record the
 * edit twice in the message's history. These tell such an event from a new one.
 */
import type { MessageWire } from '../../../contract/schemas/messages.ts';

type Loose = Record<string, unknown>;

/**
 * Whether the message already carries this update_message event's change. `seen` edits of
 * its history (oldest first) came through earlier events, so this one can only be above them.
 */
export function alreadyEdited(m: MessageWire, e: Loose, seen = 0): boolean {
  if (e.rendering_only === true) return false;
  const stamp = e.edit_timestamp;
  if (typeof stamp !== 'number') return false;
  const history = m.edit_history;
  if (history) {
    // Newest first: the entries this event may be are all but the `seen` oldest.
    return history
      .slice(0, Math.max(0, history.length - seen))
      .some(
        (h) =>
          h.timestamp === stamp &&
          (e.user_id === undefined || h.user_id === e.user_id) &&
          (typeof e.orig_content !== 'string' ||
            m.id !== e.message_id ||
            h.prev_content === e.orig_content) &&
          (typeof e.subject !== 'string' || h.topic === e.subject) &&
          (typeof e.new_stream_id !== 'number' || h.stream === e.new_stream_id),
      );
  }
  // Without a visible history, a later or equal edit time and the same result is the sign.
  const content = typeof e.rendered_content !== 'string' || m.content === e.rendered_content;
  const topic = typeof e.subject !== 'string' || m.subject === e.subject;
  const channel = typeof e.new_stream_id !== 'number' || m.stream_id === e.new_stream_id;
  const last = Math.max(m.last_edit_timestamp ?? 0, m.last_moved_timestamp ?? 0);
  return content && topic && channel && last >= stamp;
}

/** The messages whose edit history an update_message event adds to (none when it adds none). */
export function editedBy(e: Loose, ids: readonly number[]): readonly number[] {
  if (e.rendering_only === true || typeof e.edit_timestamp !== 'number') return [];
  const moved = typeof e.subject === 'string' || typeof e.new_stream_id === 'number';
  if (moved) return ids;
  return typeof e.message_id === 'number' ? [e.message_id] : [];
}
