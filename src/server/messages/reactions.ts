/**
 * Adding and removing emoji reactions (spec 2.3 and 4.13): checks, the change itself,
 * and the `reaction` event to everyone holding the message.
 */
import { ApiError, badRequest } from '../http/errors.ts';
import type { UserRecord } from '../state/types.ts';
import { resolveEmoji, type EmojiChoice } from './emoji.ts';
import { HISTORICAL_FLAGS } from './flags.ts';
import type { Messaging } from './service.ts';
import type { StoredMessage } from './types.ts';

export interface EmojiParams {
  emoji_name: string | undefined;
  emoji_code: string | undefined;
  /** Absent: from the name, custom emoji first. */
  reaction_type: string | undefined;
}

/** The message, if the user may read it; otherwise the service's "Invalid message(s)". */
export function readableMessage(m: Messaging, user: UserRecord, messageId: number): StoredMessage {
  const message = m.store.get(messageId);
  const readable =
    message !== undefined &&
    (m.store.history(user.user_id).indexOf(messageId) >= 0 || m.canReadWithoutCopy(user, message));
  if (!message || !readable) throw badRequest('Invalid message(s)');
  return message;
}

function emoji(m: Messaging, p: EmojiParams, forRemoval = false): EmojiChoice {
  const checked = resolveEmoji(
    m.ctx.state,
    { name: p.emoji_name, code: p.emoji_code, type: p.reaction_type },
    forRemoval,
  );
  if ('error' in checked) throw badRequest(checked.error);
  return checked.ok;
}

function announce(
  m: Messaging,
  message: StoredMessage,
  op: 'add' | 'remove',
  user: UserRecord,
  e: EmojiChoice,
): void {
  m.events.emit(m.usersWithMessage(message.id), {
    type: 'reaction',
    op,
    message_id: message.id,
    emoji_name: e.emoji_name,
    emoji_code: e.emoji_code,
    reaction_type: e.reaction_type,
    user_id: user.user_id,
  });
}

export function addReaction(
  m: Messaging,
  user: UserRecord,
  messageId: number,
  p: EmojiParams,
): void {
  const message = readableMessage(m, user, messageId);
  const e = emoji(m, p);
  const exists = message.reactions.some(
    (r) =>
      r.user_id === user.user_id &&
      r.emoji_code === e.emoji_code &&
      r.reaction_type === e.reaction_type,
  );
  if (exists) throw new ApiError('REACTION_ALREADY_EXISTS', 'Reaction already exists.');
  message.reactions.push({ ...e, user_id: user.user_id });
  // Reacting to public history the user never received makes it part of their history.
  m.store.history(user.user_id).insert(message.id, HISTORICAL_FLAGS);
  if (message.stream_id !== null)
    m.store.addParticipant(message.stream_id, message.topic, user.user_id);
  announce(m, message, 'add', user, e);
}

export function removeReaction(
  m: Messaging,
  user: UserRecord,
  messageId: number,
  p: EmojiParams,
  featureLevel: number,
): void {
  const message = readableMessage(m, user, messageId);
  if (p.emoji_name === undefined && p.emoji_code === undefined) {
    throw badRequest(
      'At least one of the following arguments must be present: emoji_name, emoji_code',
    );
  }
  const e = emoji(m, p, true);
  const index = message.reactions.findIndex(
    (r) =>
      r.user_id === user.user_id &&
      r.emoji_code === e.emoji_code &&
      r.reaction_type === e.reaction_type,
  );
  if (index < 0) {
    throw featureLevel >= 193
      ? new ApiError('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.")
      : badRequest("Reaction doesn't exist.");
  }
  const [removed] = message.reactions.splice(index, 1);
  announce(m, message, 'remove', user, removed ?? { ...e });
}
