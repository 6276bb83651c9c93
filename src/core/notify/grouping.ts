/**
 * One live notification per conversation (docs/notifications.md "Grouping"): a new message in a
 * conversation that already shows one replaces it, titled with how many there are now and
 * where ("3 new messages in #general › deploy"), above the newest message's body.
 */
import type { PresentedMessage } from './presenter.ts';

export interface LiveNotification {
  key: string;
  title: string;
  body: string;
  /** Every message the notification stands for, oldest first. */
  messageIds: number[];
}

export function startGroup(message: PresentedMessage): LiveNotification {
  return {
    key: message.key,
    title: message.title,
    body: message.body,
    messageIds: [message.messageId],
  };
}

/** The notification that replaces `previous` when `message` arrives in its conversation. */
export function addToGroup(
  previous: LiveNotification,
  message: PresentedMessage,
): LiveNotification {
  const messageIds = [...previous.messageIds, message.messageId];
  return {
    key: previous.key,
    title: `${messageIds.length} new messages ${message.conversation}`,
    // With DM content hidden the newest body is already the words that give nothing away.
    body: message.body,
    messageIds,
  };
}

/**
 * The live notifications to close once some messages are read: reading any message of a
 * conversation means the user has seen it.
 */
export function closedByRead(
  live: Iterable<LiveNotification>,
  readIds: ReadonlySet<number>,
): string[] {
  const keys: string[] = [];
  for (const n of live) if (n.messageIds.some((id) => readIds.has(id))) keys.push(n.key);
  return keys;
}
