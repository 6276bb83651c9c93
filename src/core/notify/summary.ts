/**
 * One notification instead of a burst: after a gap fill, when more than five messages of
 * one account would notify at once, Perch shows this summary instead.
 */
import type { Message } from '../model/state-types.ts';
import { conversationKey } from './presenter.ts';

export const BURST_THRESHOLD = 5;

/** How many conversations the summary names before it says "and N more". */
const NAMED_CONVERSATIONS = 3;

export interface SummaryNotification {
  title: string;
  body: string;
  messageIds: number[];
}

export function isBurst(count: number): boolean {
  return count > BURST_THRESHOLD;
}

function conversationLabel(message: Message): string {
  if (message.type === 'private') return message.sender_full_name;
  const channel = typeof message.display_recipient === 'string' ? message.display_recipient : '';
  return `#${channel} > ${message.subject}`;
}

export function summarizeBurst(
  realmName: string,
  messages: readonly Message[],
): SummaryNotification {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const label = conversationLabel(m);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  // Busiest conversations first; equal counts keep the order they arrived in.
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const named = ranked.slice(0, NAMED_CONVERSATIONS).map(([label, n]) => `${label} (${n})`);
  const rest = ranked.length - named.length;
  if (rest > 0) named.push(`${rest} more ${rest === 1 ? 'conversation' : 'conversations'}`);
  const n = messages.length;
  return {
    title: `${n} new ${n === 1 ? 'message' : 'messages'} in ${realmName}`,
    body: named.join(', '),
    messageIds: messages.map((m) => m.id),
  };
}

/**
 * The one notification for what arrived while Perch was closed: "12 new messages in 3
 * conversations while you were away", the organization and its busiest conversations below.
 */
export function summarizeAway(
  realmName: string,
  messages: readonly Message[],
  myUserId: number,
): SummaryNotification {
  const n = messages.length;
  const conversations = new Set(messages.map((m) => conversationOf(m, myUserId))).size;
  const burst = summarizeBurst(realmName, messages);
  return {
    title: `${n} new ${n === 1 ? 'message' : 'messages'} in ${conversations} ${
      conversations === 1 ? 'conversation' : 'conversations'
    } while you were away`,
    body: `${realmName}: ${burst.body}`,
    messageIds: burst.messageIds,
  };
}

/** A DM conversation is its people; a channel's is its topic, whoever wrote in it. */
function conversationOf(message: Message, myUserId: number): string {
  if (message.type === 'stream')
    return `${message.stream_id ?? ''}:${message.subject.toLowerCase()}`;
  return conversationKey(message, myUserId);
}
