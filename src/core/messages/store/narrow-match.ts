/**
 * Which narrows the store can keep, and whether a message belongs to one. A narrow is kept
 * only when every term is decided exactly from the message and its flags, and when every
 * message it holds reaches this client as events (a subscribed channel, never a public
 * channel's history the user did not receive). Anything else goes to the server each time.
 */
import type { MessageWire, NarrowTermWire } from '../../../contract/schemas/messages.ts';

export interface NarrowLookup {
  /** The user's own id: a direct-message narrow names the others only. */
  myUserId: number;
  /** A subscribed channel's id by its operand (id or name); undefined otherwise. */
  subscribedChannel: (operand: string | number) => number | undefined;
}

export type MessageTest = (message: MessageWire) => boolean;

export interface CompiledNarrow {
  test: MessageTest;
  /** Channels the narrow is limited to: a move, subscription or rename there touches it. */
  channels: number[];
  /** Whether a message's channel or topic decides whether it belongs (moves matter). */
  byPlace: boolean;
  /** Whether starring decides membership. */
  byStar: boolean;
  /** The topic a positive term asks for, lowercased. */
  topic: string | undefined;
  /** Only positive channel and topic terms, a channel among them: unread sets can answer. */
  placeOnly: boolean;
}

/**
 * Whether a message of unknown content now in this channel and topic may belong: false
 * only when a positive channel or topic term rules the place out.
 */
export function placeMayFit(narrow: CompiledNarrow, streamId: number, topic: string): boolean {
  if (narrow.channels.some((c) => c !== streamId)) return false;
  return narrow.topic === undefined || narrow.topic === topic.toLowerCase();
}

function userIdOf(operand: unknown): number | undefined {
  if (typeof operand === 'number' && Number.isSafeInteger(operand)) return operand;
  if (typeof operand === 'string' && /^\d{1,15}$/.test(operand)) return Number(operand);
  return undefined;
}

function userIdsOf(operand: unknown): number[] | undefined {
  const parts = Array.isArray(operand)
    ? operand
    : typeof operand === 'string'
      ? operand.split(',').map((s) => s.trim())
      : [operand];
  const ids = parts.map(userIdOf);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

function recipientIds(m: MessageWire): number[] | undefined {
  return Array.isArray(m.display_recipient) ? m.display_recipient.map((r) => r.id) : undefined;
}

interface Term {
  test: MessageTest;
  channel?: number;
  byPlace?: boolean;
  byStar?: boolean;
}

function termOf(t: NarrowTermWire, lookup: NarrowLookup): Term | undefined {
  switch (t.operator) {
    case 'channel':
    case 'stream': {
      if (Array.isArray(t.operand)) return undefined;
      const id = lookup.subscribedChannel(t.operand);
      if (id === undefined) return undefined;
      return { test: (m) => m.type === 'stream' && m.stream_id === id, channel: id, byPlace: true };
    }
    case 'topic': {
      if (typeof t.operand !== 'string') return undefined;
      const topic = t.operand.toLowerCase();
      return {
        test: (m) => m.type === 'stream' && m.subject.toLowerCase() === topic,
        byPlace: true,
      };
    }
    case 'sender': {
      const id = userIdOf(t.operand);
      return id === undefined ? undefined : { test: (m) => m.sender_id === id };
    }
    case 'dm':
    case 'pm-with': {
      const ids = userIdsOf(t.operand);
      if (ids === undefined) return undefined;
      const wanted = [...new Set([...ids, lookup.myUserId])].sort((a, b) => a - b).join(',');
      return {
        test: (m) => {
          const got = recipientIds(m);
          return got !== undefined && [...new Set(got)].sort((a, b) => a - b).join(',') === wanted;
        },
      };
    }
    case 'dm-including':
    case 'group-pm-with': {
      const id = userIdOf(t.operand);
      if (id === undefined) return undefined;
      return { test: (m) => recipientIds(m)?.includes(id) === true };
    }
    case 'is':
      if (t.operand === 'dm' || t.operand === 'private')
        return { test: (m) => m.type === 'private' };
      if (t.operand === 'starred')
        return { test: (m) => m.flags.includes('starred'), byStar: true };
      return undefined;
    default:
      // search, has, is:unread, is:mentioned, is:followed, near, id, channels...: the server's.
      return undefined;
  }
}

/** The narrow as a test over messages, or undefined when the store must not keep it. */
export function compileNarrow(
  narrow: readonly NarrowTermWire[],
  lookup: NarrowLookup,
): CompiledNarrow | undefined {
  const tests: MessageTest[] = [];
  const channels: number[] = [];
  let byPlace = false;
  let byStar = false;
  let topic: string | undefined;
  let placeOnly = true;
  for (const t of narrow) {
    const term = termOf(t, lookup);
    if (!term) return undefined;
    const positive = term.test;
    tests.push(t.negated ? (m) => !positive(m) : positive);
    // A channel excluded by a negated term still decides membership, but does not limit it.
    if (term.channel !== undefined && !t.negated) channels.push(term.channel);
    byPlace ||= term.byPlace === true;
    byStar ||= term.byStar === true;
    if (t.operator === 'topic' && !t.negated && typeof t.operand === 'string')
      topic = t.operand.toLowerCase();
    placeOnly &&= !t.negated && term.byPlace === true;
  }
  return {
    test: (m) => tests.every((test) => test(m)),
    channels,
    byPlace,
    byStar,
    topic,
    placeOnly: placeOnly && channels.length > 0,
  };
}

/** The key one narrow is kept under: the same terms in the same order, negation spelled out. */
export function narrowKey(narrow: readonly NarrowTermWire[]): string {
  return JSON.stringify(narrow.map((t) => [t.operator, t.operand, t.negated === true]));
}
