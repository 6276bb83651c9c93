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
import type { StoredMessage } from '../messages/types.ts';
import { record } from './widget-data.ts';

/** Upstream's MAX_IDX: the highest option or task index a client may claim. */
const MAX_IDX = 1000;

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
