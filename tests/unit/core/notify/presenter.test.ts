import { describe, expect, it } from 'vitest';
import {
  conversationKey,
  notificationBody,
  notificationTitle,
  presentMessage,
} from '../../../../src/core/notify/presenter.ts';
import { ALICE, BOB, CAROL, ME } from './fixtures.ts';
import { dmMsg, streamMsg } from './messages.ts';

const ctx = { myUserId: ME, pmContentInDesktopNotifications: true };

describe('title', () => {
  it('a 1:1 DM says "(to you)"', () => {
    expect(notificationTitle(dmMsg(1), ME)).toBe('Alice (to you)');
  });

  it('a group DM names the other recipients, or counts them when there are many', () => {
    expect(notificationTitle(dmMsg(1, [BOB, CAROL]), ME)).toBe('Alice (to you and Bob, Carol)');
    expect(notificationTitle(dmMsg(1, [BOB, CAROL, 14, 15]), ME)).toBe('Alice (to you and 4 more)');
  });

  it('a channel message names channel and topic', () => {
    expect(notificationTitle(streamMsg(1), ME)).toBe('Alice (#design > logo)');
  });
});

describe('body', () => {
  it('is the message as plain text', () => {
    const msg = streamMsg(1, {
      content:
        '<p>Hi <strong>team</strong> &amp; <span class="user-mention">@Bob</span> &lt;3</p><ul><li>one</li><li>two</li></ul>',
    });
    expect(notificationBody(msg, ctx)).toBe('Hi team & @Bob <3\none\ntwo');
  });

  it('never shows script or style content', () => {
    const msg = streamMsg(1, {
      content: '<p>safe</p><script>alert("x")</script><style>p{}</style>',
    });
    expect(notificationBody(msg, ctx)).toBe('safe');
  });

  it('replaces /me with the sender name', () => {
    const msg = streamMsg(1, { content: '<p>/me waves at everyone</p>', is_me_message: true });
    expect(notificationBody(msg, ctx)).toBe('Alice waves at everyone');
  });

  it('says "(attached file)" when the message is only an upload', () => {
    const upload =
      '<p><a href="/user_uploads/2/ab/cd/report.pdf">report.pdf</a></p>' +
      '<div class="message_inline_image"><a href="/user_uploads/2/ab/cd/pic.png" title="pic.png"><img src="/user_uploads/thumbnail/pic.png"></a></div>';
    expect(notificationBody(streamMsg(1, { content: upload }), ctx)).toBe('(attached file)');
    const markdown = streamMsg(2, {
      content: '[report.pdf](/user_uploads/2/ab/report.pdf)',
      content_type: 'text/x-markdown',
    });
    expect(notificationBody(markdown, ctx)).toBe('(attached file)');
  });

  it('keeps the text when an upload comes with words', () => {
    const msg = streamMsg(1, {
      content: '<p>see <a href="/user_uploads/2/ab/report.pdf">report.pdf</a></p>',
    });
    expect(notificationBody(msg, ctx)).toBe('see report.pdf');
  });

  it('hides DM content when pm_content_in_desktop_notifications is false (case 2: group DM)', () => {
    const hidden = { myUserId: ME, pmContentInDesktopNotifications: false };
    expect(notificationBody(dmMsg(1, [BOB]), hidden)).toBe('New direct message from Alice');
    expect(notificationBody(streamMsg(2), hidden)).toBe('New logo is up');
  });

  it('is cut to a readable length', () => {
    const body = notificationBody(streamMsg(1, { content: `<p>${'word '.repeat(200)}</p>` }), ctx);
    expect(body.length).toBe(300);
    expect(body.endsWith('…')).toBe(true);
  });
});

describe('conversation keys', () => {
  it('a 1:1 DM is keyed by the other user, a group DM by all its sorted ids', () => {
    expect(conversationKey(dmMsg(1), ME)).toBe(`dm:${ALICE}`);
    expect(conversationKey(dmMsg(2, [CAROL, BOB]), ME)).toBe(
      `group:${ME},${ALICE},${BOB},${CAROL}`,
    );
    expect(conversationKey(dmMsg(3, [BOB], { sender_id: BOB }), ME)).toBe(
      conversationKey(dmMsg(4, [BOB]), ME),
    );
  });

  it('channel messages are keyed by channel and topic, whatever the topic case or sender', () => {
    expect(conversationKey(streamMsg(1, { subject: 'Logo' }), ME)).toBe(
      conversationKey(streamMsg(2), ME),
    );
    expect(conversationKey(streamMsg(3, { sender_id: BOB }), ME)).toBe(
      conversationKey(streamMsg(2), ME),
    );
    expect(conversationKey(streamMsg(5, { subject: 'colours' }), ME)).not.toBe(
      conversationKey(streamMsg(2), ME),
    );
    expect(conversationKey(streamMsg(4, { stream_id: 6 }), ME)).not.toBe(
      conversationKey(streamMsg(2), ME),
    );
  });

  it('presentMessage gathers all of it', () => {
    expect(
      presentMessage(dmMsg(7), { myUserId: ME, pmContentInDesktopNotifications: false }),
    ).toEqual({
      key: `dm:${ALICE}`,
      messageId: 7,
      senderName: 'Alice',
      conversation: 'from Alice',
      title: 'Alice (to you)',
      body: 'New direct message from Alice',
      contentHidden: true,
    });
  });
});
