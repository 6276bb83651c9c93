/**
 * Whether messages shown in a narrow count as read when the reader sees them. A search is
 * never reading (its results are picked by words, out of their conversation); otherwise the
 * user's `web_mark_read_on_scroll_policy` decides: 1 everywhere, 2 only in a conversation
 * (one channel's topic, or one direct-message conversation), 3 nowhere.
 */
import type { NarrowTermWire } from '../../../contract/schemas/messages.ts';

export const MARK_READ_ALWAYS = 1;
export const MARK_READ_CONVERSATIONS = 2;
export const MARK_READ_NEVER = 3;

/** The operators that confine a narrow to one channel (`stream` is the older name). */
export const CHANNEL_OPERATORS: ReadonlySet<string> = new Set(['channel', 'stream']);
const DM = new Set(['dm', 'pm-with']);
/** Terms that pick a place in a conversation rather than narrowing it. */
const POSITION = new Set(['near', 'id', 'with']);

/** A channel's topic or a direct-message conversation, nothing else narrowing it. */
export function isConversation(terms: readonly NarrowTermWire[]): boolean {
  const kept = terms.filter((t) => !POSITION.has(t.operator));
  if (kept.some((t) => t.negated)) return false;
  const ops = kept.map((t) => t.operator).sort();
  if (ops.length === 1) return DM.has(ops[0]!);
  return ops.length === 2 && CHANNEL_OPERATORS.has(ops[0]!) && ops[1] === 'topic';
}

export function marksReadOnView(terms: readonly NarrowTermWire[], policy: number): boolean {
  if (terms.some((t) => t.operator === 'search')) return false;
  if (policy === MARK_READ_NEVER) return false;
  if (policy === MARK_READ_CONVERSATIONS) return isConversation(terms);
  return true;
}
