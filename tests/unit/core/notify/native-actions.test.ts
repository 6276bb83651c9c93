/** The buttons Electron's notifications offer (docs/notifications.md "Actions"). */
import { describe, expect, it } from 'vitest';
import { nativeActions } from '../../../../src/core/notify/native-actions.ts';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';

const base: ShownNotification = {
  id: 'a|x',
  accountId: 'a',
  title: 't',
  body: 'b',
  messageIds: [1],
  open: { accountId: 'a', messageId: 1, narrow: [] },
};

describe('native notification actions', () => {
  it('offers reply, mark as read and mute topic on a channel message', () => {
    const n = {
      ...base,
      open: {
        ...base.open,
        narrow: [
          { operator: 'channel' as const, operand: 3 },
          { operator: 'topic' as const, operand: 'deploy' },
        ],
      },
    };
    expect(nativeActions(n)).toEqual({
      buttons: [
        { kind: 'read', label: 'Mark as read' },
        { kind: 'mute', label: 'Mute topic' },
      ],
      reply: true,
    });
  });

  it("offers Perch's own mute on a direct message, and nothing on a burst summary", () => {
    const dm = {
      ...base,
      open: { ...base.open, narrow: [{ operator: 'dm' as const, operand: [2] }] },
    };
    expect(nativeActions(dm).buttons).toEqual([
      { kind: 'read', label: 'Mark as read' },
      { kind: 'mute', label: "Mute this conversation's notifications" },
    ]);
    expect(nativeActions(base)).toEqual({ buttons: [], reply: false });
  });
});
