/**
 * One account's outbox as the window sees it (docs/architecture.md "Writes"): the sends the Core
 * holds until the server confirms them, kept current by `outbox.changed`, and which of this
 * window's sends have been confirmed since it opened.
 */
import { SvelteSet } from 'svelte/reactivity';
import type { OutboxEntry } from '../../../../contract/schemas/outbox.ts';
import { invoke, on } from '../../../bridge.ts';

/** What compose and the list say about a send. */
export type SendStatus = OutboxEntry['state'] | 'sent';

/** The state in words, as the pending row and compose show it. */
export const STATUS_WORDS: Record<SendStatus, string> = {
  sending: 'Sending…',
  unconfirmed: 'Waiting for the server…',
  waiting: 'Waiting to send: the server is out of reach, it goes out when it answers again.',
  failed: 'Not sent',
  sent: 'Sent.',
};

export class OutboxView {
  entries = $state.raw<OutboxEntry[]>([]);
  readonly #confirmed = new SvelteSet<string>();
  /** A Try again or Discard that did not reach the Core, in words. */
  error = $state<string | undefined>();

  constructor(readonly accountId: string) {}

  /** Loads the outbox and follows it; returns the stop. */
  start(): () => void {
    const off = on('outbox.changed', (change) => {
      if (change.accountId !== this.accountId) return;
      for (const c of change.confirmed) this.#confirmed.add(c.localId);
      this.entries = change.entries;
    });
    invoke('outbox.list', { accountId: this.accountId }).then(
      (entries) => (this.entries = entries),
      // The next change brings the list; until then nothing pending is shown.
      () => undefined,
    );
    return off;
  }

  /** Called with the id the Core gave a send, before any change about it can be missed. */
  status(localId: string): SendStatus | undefined {
    if (this.#confirmed.has(localId)) return 'sent';
    return this.entries.find((e) => e.localId === localId)?.state;
  }

  entry(localId: string): OutboxEntry | undefined {
    return this.entries.find((e) => e.localId === localId);
  }

  async retry(localId: string): Promise<void> {
    this.error = undefined;
    await invoke('outbox.retry', { accountId: this.accountId, localId }).catch(() => {
      this.error = 'Perch could not be asked to try again. Try again in a moment.';
    });
  }

  async discard(localId: string): Promise<void> {
    this.error = undefined;
    await invoke('outbox.discard', { accountId: this.accountId, localId }).catch(() => {
      this.error = 'Perch could not be asked to discard it. Try again in a moment.';
    });
  }
}
