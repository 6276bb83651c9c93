/**
 * Turns a narrow's loaded messages into what the list draws, so it reads like a
 * conversation: a date separator where a new day starts (in the reader's time zone), a
 * recipient bar where the conversation changes (and again after each separator, so every
 * day's run says where it is), and a sender's name and avatar left out when the same person
 * goes on talking in the same conversation within a few minutes.
 */
import type { MessageWire } from '../../../contract/schemas/messages.ts';

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

/** Equal for messages of one conversation; topics match case-insensitively, as on the server. */
function conversationKey(c: Conversation): string {
  return c.kind === 'stream'
    ? `s${c.streamId}:${c.topic.toLowerCase()}`
    : `d${[...c.userIds].sort().join(',')}`;
}

/** What a message's row takes from the message itself; computed once per message object. */
interface MessageFacts {
  /** YYYY-MM-DD in the reader's zone: equal exactly within one of the reader's days. */
  day: string;
  conversation: Conversation;
  key: string;
  /** The day as the reader's locale writes it, made when the message opens a day. */
  label?: string;
}

/**
 * Builds the rows again after every change to the loaded messages, reusing what did not
 * change: a message's facts are worked out once per message object, and a row whose
 * message and whose neighbour above are the same objects as last time is the same row
 * object as last time. A keyed list given the result updates only the rows that changed,
 * and an event that touches one message costs a walk of pointer comparisons, not a
 * formatting of every message's date.
 */
export class RowBuilder {
  readonly #facts = new WeakMap<MessageWire, MessageFacts>();
  readonly #dayKey: Intl.DateTimeFormat;
  readonly #dayLabel: Intl.DateTimeFormat;
  #messages: readonly MessageWire[] = [];
  #rows: DisplayRow[] = [];

  constructor(private readonly options: RowOptions) {
    // en-CA writes YYYY-MM-DD: a key that changes exactly at the zone's midnight.
    this.#dayKey = new Intl.DateTimeFormat('en-CA', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    this.#dayLabel = new Intl.DateTimeFormat(options.locale, {
      timeZone: options.timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
  }

  build(messages: readonly MessageWire[]): DisplayRow[] {
    const before = this.#messages;
    const rows = new Array<DisplayRow>(messages.length);
    let byId: Map<number, DisplayRow> | undefined;
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i] as MessageWire;
      const above = i > 0 ? messages[i - 1] : undefined;
      // The common case, an event that replaced a few messages: same place, same neighbours.
      if (before[i] === message && (i === 0 || before[i - 1] === above)) {
        rows[i] = this.#rows[i] as DisplayRow;
        continue;
      }
      // A row is kept only for the same message object (`sameRow`), and one never built
      // before has no facts yet: a message that just arrived needs no search of the old rows.
      // Each one arriving at the end of a long narrow otherwise made a map of every row
      // (bench/README.md, `background`).
      const seen = this.#facts.has(message);
      const row = this.#row(message, above);
      if (!seen) {
        rows[i] = row;
        continue;
      }
      let old = before[i]?.id === message.id ? this.#rows[i] : undefined;
      if (!old) {
        // Messages came or went above this one: find its last row by id instead.
        byId ??= new Map(this.#rows.map((r) => [r.message.id, r]));
        old = byId.get(message.id);
      }
      rows[i] = old && sameRow(old, row) ? old : row;
    }
    this.#messages = messages;
    this.#rows = rows;
    return rows;
  }

  #row(message: MessageWire, above: MessageWire | undefined): DisplayRow {
    const facts = this.#factsOf(message);
    const prev = above && this.#factsOf(above);
    const newDay = prev?.day !== facts.day;
    const newRun = newDay || prev === undefined || prev.key !== facts.key;
    const collapsed =
      !newRun &&
      above !== undefined &&
      above.sender_id === message.sender_id &&
      !message.is_me_message &&
      message.timestamp - above.timestamp <= COLLAPSE_SECONDS;
    const row: DisplayRow = { message, collapsed };
    if (newDay) row.day = facts.label ??= this.#dayLabel.format(message.timestamp * 1000);
    if (newRun) row.bar = facts.conversation;
    return row;
  }

  #factsOf(message: MessageWire): MessageFacts {
    let facts = this.#facts.get(message);
    if (!facts) {
      const conversation = conversationOf(message, this.options.myUserId);
      facts = {
        day: this.#dayKey.format(message.timestamp * 1000),
        conversation,
        key: conversationKey(conversation),
      };
      this.#facts.set(message, facts);
    }
    return facts;
  }
}

/** Same message object and same neighbourhood: the old row draws exactly what the new one would. */
function sameRow(a: DisplayRow, b: DisplayRow): boolean {
  return (
    a.message === b.message && a.collapsed === b.collapsed && a.day === b.day && a.bar === b.bar
  );
}

/** The rows for messages from scratch. */
export function buildRows(messages: readonly MessageWire[], options: RowOptions): DisplayRow[] {
  return new RowBuilder(options).build(messages);
}
