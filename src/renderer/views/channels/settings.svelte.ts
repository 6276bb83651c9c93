/**
 * The user's own settings of one channel, as the channel menu changes them: each change is
 * sent at once; the shown value is the pushed row's (the server's event), so a change from
 * another device shows too. A refused change is said next to the control and the control
 * goes back to what the server holds.
 */
import { invoke } from '../../bridge.ts';
import type { ArgsIn } from '../../../contract/contract.ts';
import type { NotifyProperty } from '../../../contract/schemas/admin-people.ts';
import type { ChannelRowWire } from '../../../contract/schemas/channels.ts';
import { Action } from '../admin/people/action.svelte.ts';
import type { NotifyChoice } from '../admin/rules-people/notify-choice.ts';

export const NOTIFY_SETTINGS: { property: NotifyProperty; label: string }[] = [
  { property: 'desktop_notifications', label: 'Desktop' },
  { property: 'audible_notifications', label: 'Sound' },
  { property: 'push_notifications', label: 'Mobile push' },
  { property: 'email_notifications', label: 'Email' },
  { property: 'wildcard_mentions_notify', label: '@all mentions' },
];

type Change = Omit<ArgsIn<'channels.setProperty'>, 'accountId' | 'streamId'>;

export class ChannelSettingsControl {
  readonly action = new Action();
  /** Bumped after a refusal so the controls redraw from the row the server last sent. */
  redraw = $state(0);
  readonly #accountId: () => string;
  readonly #row: () => ChannelRowWire;

  constructor(accountId: () => string, row: () => ChannelRowWire) {
    this.#accountId = accountId;
    this.#row = row;
  }

  async change(c: Change): Promise<void> {
    const done = await this.action.run(() =>
      invoke('channels.setProperty', {
        accountId: this.#accountId(),
        streamId: this.#row().streamId,
        ...c,
      } as ArgsIn<'channels.setProperty'>),
    );
    if (done === undefined) this.redraw++;
  }

  chooseNotify(property: NotifyProperty, choice: NotifyChoice): void {
    if (choice === 'inherit') return;
    void this.change({ property, value: choice === 'on' });
  }
}
