/**
 * Where a message goes, as compose holds it: a channel (its topic is typed beside it), or
 * the people of a direct message. Names travel with ids so nothing on screen shows an id.
 */
import type { NarrowTermWire, SendTo } from '../../../../contract/schemas/messages.ts';

export type Recipient =
  | { type: 'stream'; streamId: number; channel: string }
  | { type: 'direct'; users: { id: number; name: string }[] };

/** "#general > deploys" or "Ada Lovelace, Alan Turing"; "yourself" for notes to self. */
export function recipientText(r: Recipient, topic: string, emptyTopicName: string): string {
  if (r.type === 'stream') return `#${r.channel} > ${topic === '' ? emptyTopicName : topic}`;
  return r.users.map((u) => u.name).join(', ') || 'yourself';
}

export function sendTo(r: Recipient, topic: string, myUserId: number): SendTo {
  if (r.type === 'stream') return { type: 'stream', streamId: r.streamId, topic: topic.trim() };
  const ids = r.users.map((u) => u.id);
  return { type: 'direct', userIds: ids.length ? ids : [myUserId] };
}

/** The narrow showing the conversation a message went to. */
export function conversationTerms(r: Recipient, topic: string): NarrowTermWire[] {
  if (r.type === 'stream')
    return [
      { operator: 'channel', operand: r.channel },
      { operator: 'topic', operand: topic.trim() },
    ];
  return [{ operator: 'dm', operand: r.users.map((u) => u.id).sort((a, b) => a - b) }];
}

const positive = (terms: readonly NarrowTermWire[], op: string) =>
  terms.find((t) => t.operator === op && !t.negated);

/**
 * Whether a message sent to `r` shows in the open narrow: the whole feed, its channel (and
 * topic), or its direct conversation. Other narrows (a search, a sender) are not counted as
 * showing it: the user is told where it went.
 */
export function showsIn(
  terms: readonly NarrowTermWire[],
  r: Recipient,
  topic: string,
  myUserId: number,
): boolean {
  if (terms.length === 0) return true;
  if (r.type === 'stream') {
    const c = positive(terms, 'channel');
    const t = positive(terms, 'topic');
    const rest = terms.filter((x) => x !== c && x !== t);
    if (!c || rest.length > 0) return false;
    if (String(c.operand).toLowerCase() !== r.channel.toLowerCase() && c.operand !== r.streamId)
      return false;
    return !t || String(t.operand).trim().toLowerCase() === topic.trim().toLowerCase();
  }
  const dm = positive(terms, 'dm');
  if (!dm || terms.length !== 1 || !Array.isArray(dm.operand))
    return terms.length === 1 && positive(terms, 'is')?.operand === 'dm';
  const want = r.users.map((u) => u.id).filter((id) => id !== myUserId);
  const have = dm.operand.filter((id) => id !== myUserId);
  return want.length === have.length && want.every((id) => have.includes(id));
}
