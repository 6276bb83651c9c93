/**
 * What a message's menu and the button opening it are called: who wrote it and when, as the
 * reader sees it on the row: a message id means nothing to a person who reads or hears it.
 */
import type { MessageWire } from '../../../../contract/schemas/messages.ts';
import { formatClock } from '../time.ts';

export function menuLabel(message: Pick<MessageWire, 'sender_full_name' | 'timestamp'>): string {
  return `Message actions: ${message.sender_full_name}, ${formatClock(message.timestamp)}`;
}
