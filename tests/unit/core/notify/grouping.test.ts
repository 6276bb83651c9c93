import { describe, expect, it } from 'vitest';
import { addToGroup, closedByRead, startGroup } from '../../../../src/core/notify/grouping.ts';
import { presentMessage } from '../../../../src/core/notify/presenter.ts';
import { BOB, ME } from './fixtures.ts';
import { dmMsg, streamMsg } from './messages.ts';

const ctx = { myUserId: ME, pmContentInDesktopNotifications: true };

describe('grouping', () => {
  it('a second message in a conversation replaces the first and says how many', () => {
    const first = startGroup(presentMessage(streamMsg(1), ctx));
    const second = addToGroup(
      first,
      presentMessage(streamMsg(2, { subject: 'LOGO', content: '<p>v2</p>' }), ctx),
    );
    expect(second).toEqual({
      key: first.key,
      title: 'Alice (#design > LOGO)',
      body: '2 messages from Alice\nv2',
      messageIds: [1, 2],
      senders: ['Alice'],
    });
  });

  it('a group DM lists each sender once', () => {
    const a = startGroup(presentMessage(dmMsg(1, [BOB]), ctx));
    const b = addToGroup(
      a,
      presentMessage(dmMsg(2, [BOB], { sender_id: BOB, sender_full_name: 'Bob' }), ctx),
    );
    const c = addToGroup(b, presentMessage(dmMsg(3, [BOB]), ctx));
    expect(c.key).toBe(a.key);
    expect(c.body).toBe('3 messages from Alice, Bob\nlunch?');
  });

  it('hidden DM content stays hidden in the grouped body', () => {
    const hidden = { myUserId: ME, pmContentInDesktopNotifications: false };
    const a = startGroup(presentMessage(dmMsg(1), hidden));
    expect(addToGroup(a, presentMessage(dmMsg(2), hidden)).body).toBe('2 messages from Alice');
  });

  it('a message becoming read closes the notification it is part of, and only that one', () => {
    const dm = addToGroup(startGroup(presentMessage(dmMsg(1), ctx)), presentMessage(dmMsg(2), ctx));
    const channel = startGroup(presentMessage(streamMsg(3), ctx));
    expect(closedByRead([dm, channel], new Set([1]))).toEqual([dm.key]);
    expect(closedByRead([dm, channel], new Set([3, 9]))).toEqual([channel.key]);
    expect(closedByRead([dm, channel], new Set([9]))).toEqual([]);
  });
});
