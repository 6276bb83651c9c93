/**
 * The widget a `/poll` or `/todo` message starts with, and the submessages a message keeps:
 * apart from widgets.ts so that sending a message needs none of the submessage checks.
 */
import type { StoredMessage, SubmessageRecord } from '../messages/types.ts';

let nextSubmessageId = 1;

/**
 * The widget a message's content asks for, as upstream's `get_widget_data` reads it: the
 * first word is `/poll` or `/todo`, the rest of the first line the question or title, and
 * each further non-empty line an option (a leading `-` or `*` dropped) or a task (`task:
 * description`).
 */
export function widgetOf(content: string): Record<string, unknown> | undefined {
  const first = content.trimStart().split(/\s/, 1)[0];
  if (first !== '/poll' && first !== '/todo') return undefined;
  const lines = content.trimStart().split(/\r?\n/);
  const head = (lines.shift() ?? '').slice(first.length).trim();
  const items = lines.map((l) => l.trim().replace(/^[-*]\s*/, '')).filter((l) => l.length > 0);
  if (first === '/poll') {
    return { widget_type: 'poll', extra_data: { question: head, options: items } };
  }
  const tasks = items.map((line) => {
    const colon = line.indexOf(':');
    return colon < 0
      ? { task: line, desc: '' }
      : { task: line.slice(0, colon).trim(), desc: line.slice(colon + 1).trim() };
  });
  return { widget_type: 'todo', extra_data: { task_list_title: head, tasks } };
}

export function record(
  message: StoredMessage,
  senderId: number,
  content: string,
): SubmessageRecord {
  const sub: SubmessageRecord = {
    id: nextSubmessageId++,
    message_id: message.id,
    sender_id: senderId,
    msg_type: 'widget',
    content,
  };
  message.submessages.push(sub);
  return sub;
}

/** The widget's first submessage, added before the message's event is sent, as upstream does. */
export function attachWidget(message: StoredMessage): void {
  const widget = widgetOf(message.content);
  if (widget) record(message, message.sender_id, JSON.stringify(widget));
}
