import { describe, expect, it } from 'vitest';
import type { MessageWire } from '../../../../../src/contract/schemas/messages.ts';
import { SharedStrings } from '../../../../../src/core/messages/store/shared-strings.ts';

/** A direct message as the server sends it, parsed afresh as every page and event is. */
const parsed = (id: number): MessageWire =>
  JSON.parse(
    JSON.stringify({
      id,
      sender_id: 5,
      sender_email: 'ada@example.com',
      sender_full_name: 'Ada',
      avatar_url: null,
      client: 'website',
      content: `<p>${'long words '.repeat(20)}${id}</p>`,
      content_type: 'text/html',
      display_recipient: [
        { id: 5, email: 'ada@example.com', full_name: 'Ada' },
        { id: 6, email: 'max@example.com', full_name: 'Max' },
      ],
      recipient_id: 9,
      type: 'private',
      subject: '',
      timestamp: 1_700_000_000 + id,
      is_me_message: false,
      reactions: [
        { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: 6 },
      ],
      flags: ['read', 'starred'],
      sender_realm_str: 'org',
    }),
  ) as MessageWire;

// Which copy of a string an object holds cannot be seen from JavaScript: the memory saved
// is measured by bench/message-store-memory (bytes_per_message). Here: nothing changes.
describe('SharedStrings', () => {
  it('leaves every value of a message as it was', () => {
    const strings = new SharedStrings();
    strings.message(parsed(1));
    const m = parsed(2);
    expect(strings.message(m)).toBe(m);
    expect(m).toEqual(parsed(2));
  });
});
