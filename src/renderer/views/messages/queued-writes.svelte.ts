/**
 * One account's reactions, stars and read marks made while its server could not be reached,
 * as the message rows show them until they are made (docs/architecture.md "Writes"), kept
 * current by `messages.queuedWrites`.
 */
import { getContext, setContext } from 'svelte';
import type { QueuedWrite } from '../../../contract/schemas/offline-writes.ts';
import { invoke, on } from '../../bridge.ts';
import { waitingOn, type WaitingOnMessage } from './waiting-writes.ts';

export { WAITING_WORDS } from './waiting-writes.ts';

export class QueuedWritesView {
  writes = $state.raw<QueuedWrite[]>([]);

  constructor(readonly accountId: string) {}

  /** Loads the account's queue and follows it; returns the stop. */
  start(): () => void {
    // Each change is the whole queue, and the last one pushed is the Core's latest: an answer
    // that reaches the window after a change may have been read before it (the answer and the
    // pushes come by separate paths), so it is taken only while no change has come.
    let changed = false;
    const off = on('messages.queuedWrites', (change) => {
      if (change.accountId !== this.accountId) return;
      changed = true;
      this.writes = change.writes;
    });
    invoke('messages.queuedWrites', { accountId: this.accountId }).then(
      (writes) => {
        if (!changed) this.writes = writes;
      },
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
