/** Electron's Notification options on each platform (docs/notifications.md "Actions"). */
import { describe, expect, it } from 'vitest';
import { nativeNotificationOptions } from '../../../../src/core/notify/native-options.ts';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';
import { toastXml } from '../../../../src/core/notify/windows-toast.ts';

const dm: ShownNotification = {
  id: 'a|dm:2',
  accountId: 'a',
  title: 'Ann & Bob',
  body: 'See <this>',
  messageIds: [1],
  open: { accountId: 'a', messageId: 1, narrow: [{ operator: 'dm', operand: [2] }] },
};

describe("Electron's notification options", () => {
  it('on macOS: the buttons as actions, in order, and the reply field', () => {
    expect(nativeNotificationOptions(dm, 'darwin', true)).toEqual({
      title: 'Ann & Bob',
      body: 'See <this>',
      silent: true,
      actions: [
        { type: 'button', text: 'Mark as read' },
        { type: 'button', text: "Mute this conversation's notifications" },
      ],
      hasReply: true,
      replyPlaceholder: 'Reply',
    });
  });

  it('on Windows: the toast XML with the same buttons and its reply field', () => {
    const options = nativeNotificationOptions(dm, 'win32', false);
    expect(options.toastXml).toBe(toastXml(dm));
    expect(options.actions).toBeUndefined();
    expect(options).toMatchObject({ title: 'Ann & Bob', body: 'See <this>', silent: false });
  });
});
