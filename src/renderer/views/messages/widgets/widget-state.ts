/**
 * A message's widget (a poll or a to-do list) rebuilt from its submessages, in the order they
 * were added, as upstream's web app replays them (its `poll_data.ts` and `todo_data.ts`):
 * the first submessage, from the message's sender, names the widget and its initial
 * question and options or title and tasks; each later one is an event of that widget.
 * The JSON a change sends is built here too, so what is sent and what is read agree.
 */

export interface PollOption {
  /** `canned,<idx>` for the initial options, `<sender id>,<idx>` for those added later. */
  key: string;
  text: string;
  voters: number[];
}

export interface Poll {
  kind: 'poll';
  question: string;
  options: PollOption[];
  /** The next index this reader's new option takes (upstream's `my_idx`). */
  nextIdx: number;
}

export interface TodoTask {
  /** `<idx>,canned` for the initial tasks, `<idx>,<sender id>` for those added later. */
  key: string;
  task: string;
  desc: string;
  completed: boolean;
}

export interface TodoList {
  kind: 'todo';
  title: string;
  tasks: TodoTask[];
  nextIdx: number;
}

export type Widget = Poll | TodoList;

interface Sub {
  sender_id: number;
  msg_type: string;
  content: string;
}

function asSub(raw: unknown): Sub | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const s = raw as Record<string, unknown>;
  if (typeof s.sender_id !== 'number' || typeof s.content !== 'string') return undefined;
  return { sender_id: s.sender_id, msg_type: String(s.msg_type ?? 'widget'), content: s.content };
}

function parse(content: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(content);
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The next free index after one the reader used (upstream bumps `my_idx` past it). */
function bump(next: number, senderId: number, me: number, idx: unknown): number {
  return senderId === me && typeof idx === 'number' && idx >= next ? idx + 1 : next;
}

function pollEvent(
  poll: Poll,
  sub: Sub,
  data: Record<string, unknown>,
  author: number,
  me: number,
) {
  switch (data.type) {
    case 'new_option': {
      const key = `${sub.sender_id},${String(data.idx)}`;
      poll.nextIdx = bump(poll.nextIdx, sub.sender_id, me, data.idx);
      if (poll.options.some((o) => o.key === key)) return;
      poll.options.push({ key, text: str(data.option), voters: [] });
      return;
    }
    case 'question':
      // Only the poll's author may change its question; the server refuses others too.
      if (sub.sender_id === author && typeof data.question === 'string')
        poll.question = data.question;
      return;
    case 'vote': {
      const option = poll.options.find((o) => o.key === data.key);
      if (!option) return;
      const others = option.voters.filter((id) => id !== sub.sender_id);
      option.voters = data.vote === -1 ? others : [...others, sub.sender_id];
      return;
    }
    default:
      return;
  }
}

function todoEvent(
  todo: TodoList,
  sub: Sub,
  data: Record<string, unknown>,
  author: number,
  me: number,
) {
  switch (data.type) {
    case 'new_task': {
      // On `new_task` the key is the bare index; the task's key adds its sender.
      const key = `${String(data.key)},${sub.sender_id}`;
      todo.nextIdx = bump(todo.nextIdx, sub.sender_id, me, data.key);
      if (todo.tasks.some((t) => t.key === key)) return;
      todo.tasks.push({
        key,
        task: str(data.task),
        desc: str(data.desc),
        completed: data.completed === true,
      });
      return;
    }
    case 'strike': {
      const task = todo.tasks.find((t) => t.key === data.key);
      if (task) task.completed = !task.completed;
      return;
    }
    case 'new_task_list_title':
      if (sub.sender_id === author && typeof data.title === 'string') todo.title = data.title;
      return;
    default:
      return;
  }
}

/**
 * The widget of a message, or undefined when it has none (or its first submessage is not
 * from its sender, which the server never lets happen).
 */
export function widgetOf(
  message: { sender_id: number; submessages?: readonly unknown[] | undefined },
  me: number,
): Widget | undefined {
  const subs = (message.submessages ?? [])
    .map(asSub)
    .filter((s): s is Sub => s !== undefined && s.msg_type === 'widget');
  const first = subs[0];
  if (!first || first.sender_id !== message.sender_id) return undefined;
  const head = parse(first.content);
  const extra = (head?.extra_data ?? {}) as Record<string, unknown>;
  let widget: Widget;
  if (head?.widget_type === 'poll') {
    widget = {
      kind: 'poll',
      question: str(extra.question),
      options: strings(extra.options).map((o, i) => ({
        key: `canned,${i}`,
        text: str(o),
        voters: [],
      })),
      nextIdx: 1,
    };
  } else if (head?.widget_type === 'todo') {
    widget = {
      kind: 'todo',
      title: str(extra.task_list_title),
      tasks: strings(extra.tasks).map((t, i) => {
        const task = (t ?? {}) as Record<string, unknown>;
        return { key: `${i},canned`, task: str(task.task), desc: str(task.desc), completed: false };
      }),
      nextIdx: 1,
    };
  } else return undefined;
  for (const sub of subs.slice(1)) {
    const data = parse(sub.content);
    if (!data) continue;
    if (widget.kind === 'poll') pollEvent(widget, sub, data, message.sender_id, me);
    else todoEvent(widget, sub, data, message.sender_id, me);
  }
  return widget;
}

/** A vote for the option, or taking the reader's vote back if they gave it. */
export function voteContent(option: PollOption, me: number): string {
  const vote = option.voters.includes(me) ? -1 : 1;
  return JSON.stringify({ type: 'vote', key: option.key, vote });
}

export function newOptionContent(poll: Poll, text: string): string {
  return JSON.stringify({ type: 'new_option', idx: poll.nextIdx, option: text });
}

export function questionContent(question: string): string {
  return JSON.stringify({ type: 'question', question });
}

export function strikeContent(task: TodoTask): string {
  return JSON.stringify({ type: 'strike', key: task.key });
}

export function newTaskContent(todo: TodoList, task: string, desc: string): string {
  return JSON.stringify({ type: 'new_task', key: todo.nextIdx, task, desc, completed: false });
}

export function titleContent(title: string): string {
  return JSON.stringify({ type: 'new_task_list_title', title });
}
