/** A channel message as the server sends it, for tests to vary field by field. */
import type { MessageWire } from '../../../../src/contract/schemas/messages.ts';

export function message(id: number, extra: Partial<MessageWire> = {}): MessageWire {
  return {
    id,
    sender_id: 1,
    sender_email: 'a@x',
    sender_full_name: 'A',
    avatar_url: null,
    client: 'test',
    content: '<p>hi</p>',
    content_type: 'text/html',
    display_recipient: 'general',
    recipient_id: 1,
    type: 'stream',
    stream_id: 1,
    subject: 't',
    timestamp: 1,
    is_me_message: false,
    reactions: [],
    flags: [],
    ...extra,
  };
}
