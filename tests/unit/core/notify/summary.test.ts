import { describe, expect, it } from 'vitest';
import { isBurst, summarizeAway, summarizeBurst } from '../../../../src/core/notify/summary.ts';
import { BOB, ME } from './fixtures.ts';
import { dmMsg, streamMsg } from './messages.ts';

describe('burst summary', () => {
  it('more than five notifying messages at once make a burst; five do not', () => {
    expect(isBurst(5)).toBe(false);
    expect(isBurst(6)).toBe(true);
  });

  it('names the organization, the total and the busiest conversations', () => {
    const messages = [
      ...[1, 2, 3, 4, 5].map((id) => dmMsg(id)),
      ...[6, 7, 8, 9].map((id) => streamMsg(id)),
      streamMsg(10, { subject: 'fonts' }),
      streamMsg(11, { display_recipient: 'random', stream_id: 6, subject: 'cats' }),
      dmMsg(12, [], { sender_id: BOB, sender_full_name: 'Bob' }),
    ];
    expect(summarizeBurst('Acme', messages)).toEqual({
      title: '12 new messages in Acme',
      body: 'Alice (5), #design > logo (4), #design > fonts (1), 2 more conversations',
      messageIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    });
  });

  it('says "message" for one and leaves out "more" when all are named', () => {
    expect(summarizeBurst('Acme', [dmMsg(1)])).toEqual({
      title: '1 new message in Acme',
      body: 'Alice (1)',
      messageIds: [1],
    });
  });
});

describe('while you were away', () => {
  it('counts the messages and the conversations, a topic being one whoever wrote in it', () => {
    const messages = [
      dmMsg(1),
      dmMsg(2),
      dmMsg(3, [BOB]),
      streamMsg(4),
      streamMsg(5, { sender_id: BOB, sender_full_name: 'Bob', subject: 'Logo' }),
    ];
    expect(summarizeAway('Acme', messages, ME)).toEqual({
      title: '5 new messages in 3 conversations while you were away',
      body: 'Acme: Alice (3), #design > logo (1), #design > Logo (1)',
      messageIds: [1, 2, 3, 4, 5],
    });
  });

  it('says it even for one message', () => {
    expect(summarizeAway('Acme', [dmMsg(1)], ME).title).toBe(
      '1 new message in 1 conversation while you were away',
    );
  });
});
