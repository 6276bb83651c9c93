import { describe, expect, it } from 'vitest';
import { addToGroup, closedByRead, startGroup } from '../../../../src/core/notify/grouping.ts';
import { presentMessage } from '../../../../src/core/notify/presenter.ts';
import { BOB, ME } from './fixtures.ts';
import { dmMsg, streamMsg } from './messages.ts';

const ctx = { myUserId: ME, pmContentInDesktopNotifications: true };

describe('grouping', () => {
  it('a burst in one topic, from anyone, becomes one notification that counts it', () => {
    const first = startGroup(presentMessage(streamMsg(1, { display_recipient: 'general' }), ctx));
    const second = addToGroup(
      first,
      presentMessage(
        streamMsg(2, { display_recipient: 'general', sender_id: BOB, sender_full_name: 'Bob' }),
        ctx,
      ),
    );
    const third = addToGroup(
      second,
      presentMessage(
        streamMsg(3, { display_recipient: 'general', subject: 'LOGO', content: '<p>v2</p>' }),
        ctx,
      ),
    );
    expect(third).toEqual({
      key: first.key,
      title: '3 new messages in #general › LOGO',
      body: 'v2',
      messageIds: [1, 2, 3],
    });
  });

  it('a 1:1 DM names the other person, a group DM the group', () => {
    const dm = addToGroup(startGroup(presentMessage(dmMsg(1), ctx)), presentMessage(dmMsg(2), ctx));
    expect(dm.title).toBe('2 new messages from Alice');
    expect(dm.body).toBe('lunch?');
    const a = startGroup(presentMessage(dmMsg(1, [BOB]), ctx));
    const b = addToGroup(
      a,
      presentMessage(dmMsg(2, [BOB], { sender_id: BOB, sender_full_name: 'Bob' }), ctx),
    );
    const c = addToGroup(b, presentMessage(dmMsg(3, [BOB]), ctx));
    expect(c.key).toBe(a.key);
    expect(c.title).toBe('3 new messages in the group with Alice and Bob');
  });

  it('hidden DM content stays hidden in the grouped body', () => {
    const hidden = { myUserId: ME, pmContentInDesktopNotifications: false };
    const a = startGroup(presentMessage(dmMsg(1), hidden));
    expect(addToGroup(a, presentMessage(dmMsg(2), hidden)).body).toBe(
      'New direct message from Alice',
    );
  });

  it('a message becoming read closes the notification it is part of, and only that one', () => {
    const dm = addToGroup(startGroup(presentMessage(dmMsg(1), ctx)), presentMessage(dmMsg(2), ctx));
    const channel = startGroup(presentMessage(streamMsg(3), ctx));
    expect(closedByRead([dm, channel], new Set([1]))).toEqual([dm.key]);
    expect(closedByRead([dm, channel], new Set([3, 9]))).toEqual([channel.key]);
    expect(closedByRead([dm, channel], new Set([9]))).toEqual([]);
  });
});
