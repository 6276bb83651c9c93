/**
 * The automated notices of a move (PATCH /messages/{id} `send_notification_to_old_thread`,
 * `send_notification_to_new_thread`): the notification bot says in the old topic where the
 * messages went and in the new one where they came from, as ordinary channel messages, so
 * every subscriber's client gets them as `message` events.
 */
import type { UserRecord } from '../state/types.ts';
import { notificationBot } from './notification-bot.ts';
import type { Messaging } from './service.ts';

export interface MovedThread {
  streamId: number;
  topic: string;
}

export interface MoveNoticeInput {
  editor: UserRecord;
  from: MovedThread;
  to: MovedThread;
  count: number;
  /** Nothing the editor can read is left in the old topic. */
  wholeTopic: boolean;
  toOld: boolean;
  toNew: boolean;
}

/** `#**channel>topic**`: how the service's Markdown links a topic. */
function topicLink(m: Messaging, t: MovedThread): string {
  const name = m.state.channels.get(t.streamId)?.name ?? String(t.streamId);
  return `#**${name}>${t.topic}**`;
}

function what(count: number, wholeTopic: boolean): string {
  if (wholeTopic) return 'This topic was';
  return count === 1 ? 'A message was' : `${count} messages were`;
}

export function sendMoveNotices(m: Messaging, o: MoveNoticeInput): void {
  const bot = notificationBot(m.state);
  const by = `by @_**${o.editor.full_name}|${o.editor.user_id}**`;
  const subject = what(o.count, o.wholeTopic);
  const post = (where: MovedThread, content: string) =>
    m.send({ sender: bot, streamId: where.streamId, topic: where.topic, content });
  if (o.toOld) {
    const moved = o.wholeTopic ? 'moved to' : 'moved from this topic to';
    post(o.from, `${subject} ${moved} ${topicLink(m, o.to)} ${by}.`);
  }
  if (o.toNew) post(o.to, `${subject} moved here from ${topicLink(m, o.from)} ${by}.`);
}
