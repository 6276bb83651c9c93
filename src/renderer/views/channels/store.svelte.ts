/**
 * Each account's channel directory as the renderer holds it: loaded once from the Core,
 * then kept by its `channels.changed` pushes, so the browser, the sidebar's channel menus
 * and the Inbox's all show the same rows and follow another device's changes live.
 */
import { invoke, on } from '../../bridge.ts';
import type {
  ChannelRowWire,
  ChannelsChangedWire,
  ChannelsMetaWire,
} from '../../../contract/schemas/channels.ts';

export class AccountChannels {
  readonly accountId: string;
  rows = $state.raw<ChannelRowWire[]>([]);
  meta = $state.raw<ChannelsMetaWire | undefined>();
  error = $state<unknown>();
  loading = $state(false);

  constructor(accountId: string) {
    this.accountId = accountId;
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const d = await invoke('channels.directory', { accountId: this.accountId });
      this.rows = d.channels;
      this.meta = {
        realmName: d.realmName,
        creation: d.creation,
        notifyDefaults: d.notifyDefaults,
      };
      this.error = undefined;
    } catch (err) {
      this.error = err;
    } finally {
      this.loading = false;
    }
  }

  row(streamId: number): ChannelRowWire | undefined {
    return this.rows.find((r) => r.streamId === streamId);
  }

  apply(c: ChannelsChangedWire): void {
    this.meta = c.meta;
    if (c.full) {
      this.rows = c.rows;
      return;
    }
    // A local set, gone with the call: nothing reactive reads it.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const gone = new Set([...c.removed, ...c.rows.map((r) => r.streamId)]);
    this.rows = [...this.rows.filter((r) => !gone.has(r.streamId)), ...c.rows].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }
}

// Which stores exist is not shown anywhere: each store's own fields are the reactive state.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const held = new Map<string, AccountChannels>();
let listening = false;

/** The account's directory, loading it the first time any view asks. */
export function channelsOf(accountId: string): AccountChannels {
  if (!listening) {
    listening = true;
    on('channels.changed', (c) => held.get(c.accountId)?.apply(c));
  }
  let store = held.get(accountId);
  if (!store) {
    store = new AccountChannels(accountId);
    held.set(accountId, store);
    void store.load();
  }
  return store;
}
