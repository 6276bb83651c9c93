/**
 * One account's reactions, stars and read marks made while its server could not be reached,
 * as the message rows show them until they are made (docs/architecture.md "Writes"), kept
 * current by `messages.queuedWrites`.
 */
import { getContext, setContext } from 'svelte';
import type { QueuedWrite } from '../../../contract/schemas/offline-writes.ts';
import { invoke, on } from '../../bridge.ts';

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

export class QueuedWritesView {
  writes = $state.raw<QueuedWrite[]>([]);

  constructor(readonly accountId: string) {}

  /** Loads the account's queue and follows it; returns the stop. */
  start(): () => void {
    const off = on('messages.queuedWrites', (change) => {
      if (change.accountId === this.accountId) this.writes = change.writes;
    });
    invoke('messages.queuedWrites', { accountId: this.accountId }).then(
      (writes) => (this.writes = writes),
      // The next change brings the queue; until then nothing shows as waiting.
      () => undefined,
    );
    return off;
  }

  on(messageId: number): WaitingOnMessage | undefined {
    if (this.writes.length === 0) return undefined;
    const waiting = waitingOn(this.writes, messageId);
    return waiting.star === undefined && !waiting.read && waiting.reactions.length === 0
      ? undefined
      : waiting;
  }
}

const KEY = Symbol('perch.queuedWrites');

export function provideQueuedWrites(view: QueuedWritesView): void {
  setContext(KEY, view);
}

/** The account's queue, where a row stands inside an account's messages. */
export function useQueuedWrites(): QueuedWritesView | undefined {
  return getContext<QueuedWritesView | undefined>(KEY);
}
