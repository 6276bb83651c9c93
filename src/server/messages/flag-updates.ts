/**
 * POST /messages/flags: setting or clearing `read` or `starred` on messages the user can
 * read, and the `update_message_flags` event that tells the user's other clients.
 */
import { badRequest } from '../http/errors.ts';
import type { UserRecord } from '../state/types.ts';
import { EDITABLE_FLAGS, FLAG_BITS, HISTORICAL_FLAGS, isFlagName } from './flags.ts';
import { readableMessage } from './reactions.ts';
import type { Messaging } from './service.ts';
import type { StoredMessage } from './types.ts';

/** What a client needs to put a message back among its unreads. */
function messageDetails(
  m: Messaging,
  userId: number,
  message: StoredMessage,
): Record<string, unknown> {
  const flags = m.store.history(userId).flagsOf(message.id) ?? 0;
  const mentioned =
    (flags &
      (FLAG_BITS.mentioned |
        FLAG_BITS.stream_wildcard_mentioned |
        FLAG_BITS.topic_wildcard_mentioned)) !==
    0;
  const details: Record<string, unknown> = message.dm_user_ids
    ? { type: 'private', user_ids: message.dm_user_ids.filter((id) => id !== userId) }
    : { type: 'stream', stream_id: message.stream_id, topic: message.topic };
  if (mentioned) details.mentioned = true;
  return details;
}

export function updateFlags(
  m: Messaging,
  user: UserRecord,
  ids: number[],
  op: string,
  flag: string,
): number[] {
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  if (!isFlagName(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  const messages = [...new Set(ids)].map((id) => readableMessage(m, user, id));
  const history = m.store.history(user.user_id);
  const on = op === 'add';
  const changed: number[] = [];
  for (const message of messages) {
    if (history.indexOf(message.id) < 0) {
      // Public history the user never received: only starring makes it theirs.
      if (flag !== 'starred' || !on) continue;
      history.insert(message.id, HISTORICAL_FLAGS);
    }
    if (history.update(message.id, FLAG_BITS[flag], on)) changed.push(message.id);
  }
  const event: Record<string, unknown> = {
    type: 'update_message_flags',
    op,
    flag,
    messages: changed,
    all: false,
  };
  if (flag === 'read' && !on) {
    event.message_details = Object.fromEntries(
      changed.map((id) => [
        String(id),
        messageDetails(m, user.user_id, m.store.get(id) as StoredMessage),
      ]),
    );
  }
  m.events.emit([user.user_id], event);
  return changed;
}
