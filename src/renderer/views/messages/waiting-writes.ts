/** What a message row shows of the writes made offline that wait for its server. */
import type { QueuedWrite } from '../../../contract/schemas/offline-writes.ts';

/** Said by every mark of a write that waits: what it is and why. */
export const WAITING_WORDS = 'Waiting to send: you are offline';

/** What waits on one message, the latest of each kind winning, as the Core will leave it. */
export interface WaitingOnMessage {
  /** The star as it will be once sent; undefined when no star waits. */
  star: boolean | undefined;
  reactions: { name: string; code: string; type: string; op: 'add' | 'remove' }[];
  read: boolean;
}

export function waitingOn(writes: readonly QueuedWrite[], messageId: number): WaitingOnMessage {
  const waiting: WaitingOnMessage = { star: undefined, reactions: [], read: false };
  for (const w of writes) {
    if (w.kind === 'star' && w.args.messageId === messageId) waiting.star = w.args.starred;
    else if (w.kind === 'read' && w.args.messageIds.includes(messageId)) waiting.read = true;
    else if (w.kind === 'reaction' && w.args.messageId === messageId) {
      const { emojiName: name, emojiCode: code, reactionType: type, op } = w.args;
      // A later toggle of the same emoji replaces the earlier: the row shows where it ends.
      waiting.reactions = [
        ...waiting.reactions.filter((r) => !(r.code === code && r.type === type)),
        { name, code, type, op },
      ];
    }
  }
  return waiting;
}
