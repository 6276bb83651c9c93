/**
 * Who receives a new message and with which flags: `read` for the sender's own copy,
 * `mentioned` for personal and group mentions, the wildcard flags (the topic wildcard
 * only for the topic's participants), and `has_alert_word` from each user's alert words.
 */
import type { ServerState } from '../state/state.ts';
import { FLAG_BITS } from './flags.ts';
import type { MessageStore } from './store.ts';
import type { StoredMessage } from './types.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = new Map<string, RegExp>();

/** A whole-word, case-insensitive matcher; compiled once per word, since every message checks them. */
function alertWordPattern(word: string): RegExp {
  let re = compiled.get(word);
  if (!re) {
    re = new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(word)}($|[^\\p{L}\\p{N}_])`, 'iu');
    compiled.set(word, re);
  }
  return re;
}

export function containsAlertWord(content: string, words: readonly string[]): boolean {
  return words.some((w) => w.trim() !== '' && alertWordPattern(w.trim()).test(content));
}

export function computeFlags(
  state: ServerState,
  store: MessageStore,
  message: StoredMessage,
  recipientIds: Iterable<number>,
): Map<number, number> {
  const { mentions } = message;
  const mentioned = new Set(mentions.userIds);
  for (const groupId of mentions.groupIds)
    for (const id of state.groupMembers(groupId)) mentioned.add(id);
  const participants =
    mentions.topicWildcard && message.stream_id !== null
      ? store.topicParticipants(message.stream_id, message.topic)
      : undefined;

  const out = new Map<number, number>();
  for (const userId of recipientIds) {
    let flags = 0;
    const own = userId === message.sender_id;
    if (own) flags |= FLAG_BITS.read;
    if (mentioned.has(userId)) flags |= FLAG_BITS.mentioned;
    if (mentions.streamWildcard && !own) flags |= FLAG_BITS.stream_wildcard_mentioned;
    // In a direct message every participant is part of "the topic".
    if (
      mentions.topicWildcard &&
      !own &&
      (participants === undefined || participants.has(userId))
    ) {
      flags |= FLAG_BITS.topic_wildcard_mentioned;
    }
    const words = state.users.get(userId)?.alert_words ?? [];
    if (!own && words.length > 0 && containsAlertWord(message.content, words))
      flags |= FLAG_BITS.has_alert_word;
    out.set(userId, flags);
  }
  return out;
}
