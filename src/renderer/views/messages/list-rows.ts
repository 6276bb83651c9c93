/**
 * Turns a narrow's loaded messages into what the list draws, so it reads like a
 * conversation: a date separator where a new day starts (in the reader's time zone), a
 * recipient bar where the conversation changes (and again after each separator, so every
 * day's run says where it is), and a sender's name and avatar left out when the same person
 * goes on talking in the same conversation within a few minutes.
 */
import type { MessageWire } from '../../../core/rpc/schemas/messages.ts';

/** A sender's follow-up within this many seconds shows without name and avatar again. */
export const COLLAPSE_SECONDS = 5 * 60;

export type Conversation =
  | { kind: 'stream'; streamId: number; channel: string; topic: string }
  /** `userIds` and `names` leave out the reader; both empty for notes to self. */
  | { kind: 'dm'; userIds: number[]; names: string[] };

export interface DisplayRow {
  message: MessageWire;
  /** The day this message opens, as the reader's locale writes it. */
  day?: string;
  /** A recipient bar above this message: it starts a run of one conversation. */
  bar?: Conversation;
  /** Same sender as the message above, in the same run, a moment later. */
  collapsed: boolean;
}

export interface RowOptions {
  myUserId: number;
  /** IANA zone; the reader's own when left out (tests pin one). */
  timeZone?: string;
  locale?: string;
}

export function conversationOf(m: MessageWire, myUserId: number): Conversation {
  if (typeof m.display_recipient === 'string')
    return {
      kind: 'stream',
      streamId: m.stream_id ?? 0,
      channel: m.display_recipient,
      topic: m.subject,
    };
  const others = m.display_recipient.filter((r) => r.id !== myUserId);
  return { kind: 'dm', userIds: others.map((r) => r.id), names: others.map((r) => r.full_name) };
}

function sameConversation(a: Conversation, b: Conversation): boolean {
  if (a.kind === 'stream' && b.kind === 'stream')
    return a.streamId === b.streamId && a.topic.toLowerCase() === b.topic.toLowerCase();
  if (a.kind === 'dm' && b.kind === 'dm')
    return [...a.userIds].sort().join(',') === [...b.userIds].sort().join(',');
  return false;
}

export function buildRows(messages: readonly MessageWire[], options: RowOptions): DisplayRow[] {
  // en-CA writes YYYY-MM-DD: a key that changes exactly at the zone's midnight.
  const dayKey = new Intl.DateTimeFormat('en-CA', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const dayLabel = new Intl.DateTimeFormat(options.locale, {
    timeZone: options.timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const rows: DisplayRow[] = [];
  let prev: { message: MessageWire; day: string; conversation: Conversation } | undefined;
  for (const message of messages) {
    const date = new Date(message.timestamp * 1000);
    const day = dayKey.format(date);
    const conversation = conversationOf(message, options.myUserId);
    const newDay = prev?.day !== day;
    const newRun = newDay || !prev || !sameConversation(prev.conversation, conversation);
    const collapsed =
      !newRun &&
      prev !== undefined &&
      prev.message.sender_id === message.sender_id &&
      !message.is_me_message &&
      message.timestamp - prev.message.timestamp <= COLLAPSE_SECONDS;
    const row: DisplayRow = { message, collapsed };
    if (newDay) row.day = dayLabel.format(date);
    if (newRun) row.bar = conversation;
    rows.push(row);
    prev = { message, day, conversation };
  }
  return rows;
}
