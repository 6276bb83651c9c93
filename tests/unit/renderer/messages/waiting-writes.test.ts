import { describe, expect, it } from 'vitest';
import type { QueuedWrite } from '../../../../src/contract/schemas/offline-writes.ts';
import { waitingOn } from '../../../../src/renderer/views/messages/waiting-writes.ts';

const tada = { emojiName: 'tada', emojiCode: '1f389', reactionType: 'unicode_emoji' as const };

describe('what a row shows as waiting to send', () => {
  it('shows each kind of write on its own message only, as it will end', () => {
    const writes: QueuedWrite[] = [
      { kind: 'star', args: { messageId: 1, starred: true } },
      { kind: 'reaction', args: { messageId: 1, op: 'add', ...tada } },
      { kind: 'read', args: { messageIds: [1, 2] } },
      { kind: 'star', args: { messageId: 1, starred: false } },
      { kind: 'reaction', args: { messageId: 1, op: 'remove', ...tada } },
    ];
    expect(waitingOn(writes, 1)).toEqual({
      star: false,
      read: true,
      reactions: [{ name: 'tada', code: '1f389', type: 'unicode_emoji', op: 'remove' }],
    });
    expect(waitingOn(writes, 2)).toEqual({ star: undefined, read: true, reactions: [] });
    expect(waitingOn(writes, 3)).toEqual({ star: undefined, read: false, reactions: [] });
  });
});
