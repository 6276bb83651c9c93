/**
 * What a message's menu and the button opening it are called: who wrote it and when, as the
 * reader sees it on the row (issue 22 point 6: no message ids in what a person reads or hears).
 */
import type { MessageWire } from '../../../../contract/schemas/messages.ts';
import { formatClock } from '../time.ts';

export function menuLabel(message: Pick<MessageWire, 'sender_full_name' | 'timestamp'>): string {
  return `Message actions: ${message.sender_full_name}, ${formatClock(message.timestamp)}`;
}
