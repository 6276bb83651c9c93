/** Which queue events change what the message window shows. */
import type { ServerEvent } from '../../api/schemas/event.ts';

const MESSAGE_EVENTS: ReadonlySet<string> = new Set([
  'message',
  'update_message',
  'delete_message',
  'reaction',
  'submessage',
  'update_message_flags',
  'subscription',
  'user_topic',
  'channel_folder',
  'saved_snippets',
]);

/** The events a message view needs, as plain objects (unmodelled ones as their payload). */
export function messageEvents(events: readonly ServerEvent[]): { type: string }[] {
  const out: { type: string }[] = [];
  for (const received of events) {
    const event = (received.type === 'unknown' ? received.payload : received) as {
      type: string;
    };
    if (MESSAGE_EVENTS.has(event.type)) out.push(event);
  }
  return out;
}
