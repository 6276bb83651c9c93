/**
 * One live notification per conversation (docs/notifications.md "Grouping"): a new message in a
 * conversation that already shows one replaces it and says how many there are now.
 */
import type { PresentedMessage } from './presenter.ts';

export interface LiveNotification {
  key: string;
  title: string;
  body: string;
  /** Every message the notification stands for, oldest first. */
  messageIds: number[];
  /** Distinct sender names, in the order they first wrote. */
  senders: string[];
}

export function startGroup(message: PresentedMessage): LiveNotification {
  return {
    key: message.key,
    title: message.title,
    body: message.body,
    messageIds: [message.messageId],
    senders: [message.senderName],
  };
}

/** The notification that replaces `previous` when `message` arrives in its conversation. */
export function addToGroup(
  previous: LiveNotification,
  message: PresentedMessage,
): LiveNotification {
  const messageIds = [...previous.messageIds, message.messageId];
  const senders = previous.senders.includes(message.senderName)
    ? previous.senders
    : [...previous.senders, message.senderName];
  const summary = `${messageIds.length} messages from ${senders.join(', ')}`;
  return {
    key: previous.key,
    title: message.title,
    body: message.contentHidden ? summary : `${summary}\n${message.body}`,
    messageIds,
    senders,
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
