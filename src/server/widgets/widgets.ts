/**
 * Widgets carried as submessages (upstream's `POST /submessage`, the `submessage` event and
 * a message's `submessages`): a message whose content starts with `/poll` or `/todo` gets
 * the widget's first submessage from its sender; votes, options and tasks follow as more
 * submessages, checked as upstream's `validate_poll_data` and `validate_todo_data` check them.
 */
import { badRequest } from '../http/errors.ts';
import type { UserRecord } from '../state/types.ts';
import { readableMessage } from '../messages/reactions.ts';
import type { Messaging } from '../messages/service.ts';
import type { StoredMessage, SubmessageRecord } from '../messages/types.ts';

/** Upstream's MAX_IDX: the highest option or task index a client may claim. */
const MAX_IDX = 1000;

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

function record(message: StoredMessage, senderId: number, content: string): SubmessageRecord {
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

function widgetType(message: StoredMessage): string | undefined {
  const first = message.submessages[0];
  if (!first) return undefined;
  try {
    const parsed = JSON.parse(first.content) as { widget_type?: unknown };
    return typeof parsed.widget_type === 'string' ? parsed.widget_type : undefined;
  } catch {
    return undefined;
  }
}

type Field = 'string' | 'int' | 'bool';

/** Upstream's `check_dict_only`: exactly these keys, each of its type. */
function exactly(data: Record<string, unknown>, what: string, fields: Record<string, Field>): void {
  for (const key of Object.keys(data)) {
    if (!(key in fields)) throw badRequest(`Unexpected arguments: ${key}`);
  }
  for (const [key, type] of Object.entries(fields)) {
    const v = data[key];
    if (v === undefined) throw badRequest(`${key} key is missing from ${what}`);
    const ok =
      type === 'string'
        ? typeof v === 'string'
        : type === 'int'
          ? Number.isInteger(v)
          : typeof v === 'boolean';
    if (!ok)
      throw badRequest(
        `${what}["${key}"] is not ${type === 'int' ? 'an integer' : `a ${type === 'bool' ? 'boolean' : type}`}`,
      );
  }
}

function inRange(data: Record<string, unknown>, key: string, what: string): void {
  const v = data[key] as number;
  if (v < 0 || v > MAX_IDX) throw badRequest(`${what}["${key}"] is not in the right range`);
}

function validatePoll(data: Record<string, unknown>, isAuthor: boolean): void {
  const what = 'poll data';
  switch (data.type) {
    case 'vote':
      return exactly(data, what, { type: 'string', key: 'string', vote: 'int' });
    case 'question':
      if (!isAuthor) throw badRequest("You can't edit a question unless you are the author.");
      return exactly(data, what, { type: 'string', question: 'string' });
    case 'new_option':
      exactly(data, what, { type: 'string', option: 'string', idx: 'int' });
      return inRange(data, 'idx', what);
    default:
      throw badRequest(`Unknown type for poll data: ${String(data.type)}`);
  }
}

function validateTodo(data: Record<string, unknown>, isAuthor: boolean): void {
  const what = 'todo data';
  switch (data.type) {
    case 'new_task':
      exactly(data, what, {
        type: 'string',
        key: 'int',
        task: 'string',
        desc: 'string',
        completed: 'bool',
      });
      return inRange(data, 'key', what);
    case 'strike':
      return exactly(data, what, { type: 'string', key: 'string' });
    case 'new_task_list_title':
      if (!isAuthor)
        throw badRequest("You can't edit the task list title unless you are the author.");
      return exactly(data, what, { type: 'string', title: 'string' });
    default:
      throw badRequest(`Unknown type for todo data: ${String(data.type)}`);
  }
}

/** POST /submessage: checks as upstream's `process_submessage`, stores, and tells everyone. */
export function addSubmessage(
  m: Messaging,
  user: UserRecord,
  messageId: number,
  msgType: string,
  content: string,
): void {
  const message = readableMessage(m, user, messageId);
  // Anybody may add to a widget, but only the message's sender may start one.
  if (message.submessages.length === 0 && message.sender_id !== user.user_id)
    throw badRequest('You cannot attach a submessage to this message.');
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
  const type = widgetType(message);
  const isAuthor = message.sender_id === user.user_id;
  if (type === 'poll' || type === 'todo') {
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      throw badRequest(`${type} data is not a dict`);
    const dict = data as Record<string, unknown>;
    if (type === 'poll') validatePoll(dict, isAuthor);
    else validateTodo(dict, isAuthor);
  }
  const sub = record(message, user.user_id, content);
  sub.msg_type = msgType;
  m.events.emit(m.usersWithMessage(message.id), {
    type: 'submessage',
    msg_type: msgType,
    message_id: message.id,
    submessage_id: sub.id,
    sender_id: user.user_id,
    content,
  });
}
