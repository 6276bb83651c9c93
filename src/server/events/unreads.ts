/** The `unread_msgs` section of POST /register, built from the user's message history. */
import { FLAG_BITS } from '../messages/flags.ts';
import type { MessageStore } from '../messages/store.ts';
import type { UnreadMsgs } from '../../lib/wire/unread-msgs.ts';

export type { UnreadMsgs };

const MENTION_BITS =
  FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

function bucket<K>(map: Map<K, number[]>, key: K, id: number): void {
  const ids = map.get(key);
  if (ids) ids.push(id);
  else map.set(key, [id]);
}

export function unreadMsgs(store: MessageStore, userId: number): UnreadMsgs {
  const history = store.history(userId);
  const pms = new Map<number, number[]>();
  const streams = new Map<string, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (let i = 0; i < history.length; i++) {
    const flags = history.flagsAt(i);
    if (flags & FLAG_BITS.read) continue;
    const message = store.get(history.idAt(i));
    if (!message) continue;
    count++;
    if (flags & MENTION_BITS) mentions.push(message.id);
    const dm = message.dm_user_ids;
    if (dm === null) bucket(streams, `${message.stream_id}\u0000${message.topic}`, message.id);
    else if (dm.length <= 2) bucket(pms, dm.find((id) => id !== userId) ?? userId, message.id);
    else bucket(huddles, dm.join(','), message.id);
  }
  return {
    count,
    pms: [...pms].map(([other_user_id, unread_message_ids]) => ({
      other_user_id,
      unread_message_ids,
    })),
    streams: [...streams].map(([key, unread_message_ids]) => {
      const [streamId, topic] = key.split('\u0000');
      return { stream_id: Number(streamId), topic: topic ?? '', unread_message_ids };
    }),
    huddles: [...huddles].map(([user_ids_string, unread_message_ids]) => ({
      user_ids_string,
      unread_message_ids,
    })),
    mentions,
    old_unreads_missing: false,
  };
}
