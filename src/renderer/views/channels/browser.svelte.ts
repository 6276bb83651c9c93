/**
 * The channel browser's state: which rows show (a name filter and Subscribed / Not
 * subscribed / All), joining and leaving one channel at a time with the result beside its
 * row, the confirmation before leaving a private channel the user could not rejoin, and the
 * create form. The rows themselves are the account's directory (store.svelte.ts).
 */
import { invoke } from '../../bridge.ts';
import type { ChannelRowWire } from '../../../contract/schemas/channels.ts';
import { Action } from '../admin/people/action.svelte.ts';
import { ChannelLeave } from './channel-leave.svelte.ts';
import type { AccountChannels } from './store.svelte.ts';

export type BrowserTab = 'subscribed' | 'not-subscribed' | 'all';

export const TABS: { id: BrowserTab; label: string }[] = [
  { id: 'subscribed', label: 'Subscribed' },
  { id: 'not-subscribed', label: 'Not subscribed' },
  { id: 'all', label: 'All' },
];

export class ChannelBrowserState {
  filter = $state('');
  tab = $state<BrowserTab>('all');
  /** The row whose action ran last: its result or refusal shows there. */
  actedOn = $state<number | undefined>();
  readonly action = new Action();
  /** Leaving shares the row's action; only a channel with no way back is asked first. */
  readonly leaving = new ChannelLeave(() => this.#store().accountId, this.action, {
    onLeave: (row) => (this.actedOn = row.streamId),
  });
  readonly create = new Action();
  creating = $state(false);
  readonly #store: () => AccountChannels;

  constructor(store: () => AccountChannels) {
    this.#store = store;
  }

  visible(): ChannelRowWire[] {
    const needle = this.filter.trim().toLowerCase().replace(/^#/, '');
    return this.#store().rows.filter((r) => {
      if (needle && !r.name.toLowerCase().includes(needle)) return false;
      if (this.tab === 'subscribed') return r.state === 'subscribed';
      if (this.tab === 'not-subscribed') return r.state !== 'subscribed';
      return true;
    });
  }

  count(tab: BrowserTab): number {
    const rows = this.#store().rows;
    if (tab === 'all') return rows.length;
    return rows.filter((r) => (r.state === 'subscribed') === (tab === 'subscribed')).length;
  }

  async join(row: ChannelRowWire): Promise<void> {
    this.actedOn = row.streamId;
    await this.action.run(() =>
      invoke('channels.subscribe', { accountId: this.#store().accountId, streamId: row.streamId }),
    );
  }

  async submitCreate(c: {
    name: string;
    description: string;
    private: boolean;
    webPublic?: boolean;
  }): Promise<boolean> {
    const done = await this.create.run(() =>
      invoke('channels.create', { accountId: this.#store().accountId, ...c }),
    );
    if (done === undefined) return false;
    this.creating = false;
    this.filter = c.name.trim();
    this.tab = 'all';
    return true;
  }
}
