/**
 * Leaving a channel, wherever the user does it (the channel browser, a channel's ⋯ menu):
 * the confirmation first where it is asked for (always from a menu; from the browser only
 * when there is no way back), then the request, its refusal kept for the caller to show.
 */
import { invoke } from '../../bridge.ts';
import type { ChannelRowWire } from '../../../contract/schemas/channels.ts';
import { Action } from '../admin/people/action.svelte.ts';

/** What leaving does, in words: a private channel cannot be rejoined without an invitation. */
export function leaveConsequence(row: Pick<ChannelRowWire, 'name' | 'canRejoin'>): string {
  return row.canRejoin
    ? `#${row.name} leaves your sidebar and Inbox and you get none of its messages; you can subscribe again from Channels.`
    : `#${row.name} is a private channel: once you leave, you cannot see it or join it again until a subscriber or an administrator adds you back.`;
}

export class ChannelLeave {
  /** The channel whose leaving waits for the user's confirmation. */
  confirming = $state.raw<ChannelRowWire | undefined>();
  readonly #accountId: () => string;
  readonly #askAlways: boolean;
  readonly #onLeave: (row: ChannelRowWire) => void;

  constructor(
    accountId: () => string,
    readonly action: Action = new Action(),
    options: { askAlways?: boolean; onLeave?: (row: ChannelRowWire) => void } = {},
  ) {
    this.#accountId = accountId;
    this.#askAlways = options.askAlways ?? false;
    this.#onLeave = options.onLeave ?? (() => undefined);
  }

  leave(row: ChannelRowWire): void {
    if (this.#askAlways || !row.canRejoin) this.confirming = row;
    else void this.leaveNow(row);
  }

  cancel(): void {
    this.confirming = undefined;
  }

  async leaveNow(row: ChannelRowWire): Promise<void> {
    this.confirming = undefined;
    this.#onLeave(row);
    await this.action.run(() =>
      invoke('channels.unsubscribe', { accountId: this.#accountId(), streamId: row.streamId }),
    );
  }
}
