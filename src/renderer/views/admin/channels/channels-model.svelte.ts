/**
 * The Channels panel's traffic with the Core: every channel of the organization (upstream
 * GET /streams with include_all) with the groups its settings name, a new channel, and one
 * channel's settings (upstream update-stream and archive-stream).
 */
import type { ArgsIn } from '../../../../contract/contract.ts';
import type { ChannelList } from '../../../../contract/schemas/admin-channels.ts';
import type { AdminConsole } from '../admin-console.ts';
import { Action } from '../people/action.svelte.ts';
import { PeopleData } from '../people/context.svelte.ts';

export type ChannelChange = Omit<ArgsIn<'adminChannels.update'>, 'accountId' | 'streamId'>;

export class ChannelsModel {
  readonly admin: AdminConsole;
  /** The caller's groups: the choices of who may remove subscribers. */
  readonly people: PeopleData;
  readonly loading = new Action();
  list = $state<ChannelList | undefined>();

  constructor(admin: AdminConsole) {
    this.admin = admin;
    this.people = new PeopleData(admin);
  }

  async refresh(): Promise<void> {
    const { rpc, accountId } = this.admin;
    const [next] = await Promise.all([
      this.loading.run(() => rpc.invoke('adminChannels.list', { accountId })),
      this.people.refresh(),
    ]);
    if (next) this.list = next;
  }

  create(channel: { name: string; description: string; isPrivate: boolean }) {
    return this.admin.rpc.invoke('adminChannels.create', {
      accountId: this.admin.accountId,
      ...channel,
    });
  }

  update(streamId: number, change: ChannelChange) {
    return this.admin.rpc.invoke('adminChannels.update', {
      accountId: this.admin.accountId,
      streamId,
      ...change,
    });
  }

  archive(streamId: number) {
    return this.admin.rpc.invoke('adminChannels.archive', {
      accountId: this.admin.accountId,
      streamId,
    });
  }
}
