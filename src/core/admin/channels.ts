/**
 * The admin console's groups and channels: create, edit and deactivate user groups and
 * their permission settings; list, create, edit, archive and unarchive channels. Each call
 * goes through the account's own client; server refusals are rethrown as they came so the
 * panel can show the server's words.
 */
import {
  CREATE_CHANNEL_LEVEL,
  archiveStream,
  createChannel,
  getStreams,
  updateStream,
} from '../../api/routes/channels.ts';
import { getChannelFolders } from '../../api/routes/channel-folders.ts';
import { subscribe } from '../../api/routes/subscriptions.ts';
import {
  createUserGroup,
  deactivateUserGroup,
  getUserGroups,
  updateUserGroup,
} from '../../api/routes/user-groups.ts';
import type { Args, Result } from '../../contract/contract.ts';
import { GroupPermissionName, GroupSetting } from '../../contract/schemas/admin-channels.ts';
import type { AccountManager } from '../accounts/manager.ts';

/** Channel folders exist from this feature level on. */
const FOLDERS_LEVEL = 389;

export class AdminChannels {
  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  /** Every group's permission settings that this client understands, deactivated ones too. */
  async groupPermissions(accountId: string): Promise<Result<'adminGroups.permissions'>> {
    const { data } = await getUserGroups(await this.#client(accountId), {
      include_deactivated_groups: true,
    });
    return data.user_groups.map((g) => {
      const settings: Partial<Record<GroupPermissionName, GroupSetting>> = {};
      for (const name of GroupPermissionName.options) {
        const value = GroupSetting.safeParse(g[name]);
        if (value.success) settings[name] = value.data;
      }
      return { id: g.id, settings };
    });
  }

  async createGroup({
    accountId,
    name,
    description,
    members,
  }: Args<'adminGroups.create'>): Promise<Result<'adminGroups.create'>> {
    const { data } = await createUserGroup(await this.#client(accountId), {
      name,
      description,
      members,
    });
    return { id: data.group_id };
  }

  async updateGroup({
    accountId,
    groupId,
    reactivate,
    ...change
  }: Args<'adminGroups.update'>): Promise<void> {
    await updateUserGroup(await this.#client(accountId), groupId, {
      ...change,
      ...(reactivate ? { deactivated: false as const } : {}),
    });
  }

  async deactivateGroup(accountId: string, groupId: number): Promise<void> {
    await deactivateUserGroup(await this.#client(accountId), groupId);
  }

  /** Every channel, archived ones too, by name; the folders that are not archived. */
  async listChannels(accountId: string): Promise<Result<'adminChannels.list'>> {
    const client = await this.#client(accountId);
    const featureLevel = await client.featureLevel();
    const [{ data }, folders] = await Promise.all([
      getStreams(client, { include_all: true, exclude_archived: false }),
      featureLevel >= FOLDERS_LEVEL
        ? getChannelFolders(client).then((r) => r.data.channel_folders)
        : [],
    ]);
    return {
      featureLevel,
      channels: data.streams
        .map((s) => ({
          streamId: s.stream_id,
          name: s.name,
          description: s.description ?? '',
          isPrivate: s.invite_only ?? false,
          historyPublic: s.history_public_to_subscribers ?? true,
          isArchived: s.is_archived ?? false,
          folderId: s.folder_id ?? null,
          subscriberCount: s.subscriber_count ?? null,
          canRemoveSubscribersGroup:
            typeof s.can_remove_subscribers_group === 'number'
              ? s.can_remove_subscribers_group
              : null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      folders: folders
        .filter((f) => !f.is_archived)
        .map((f) => ({ id: f.channel_folder_id, name: f.name })),
    };
  }

  // POST /channels/create from FL 417; before, subscribing to a new name creates it. Either
  // way the creator ends up subscribed, as the web app does.
  async createChannel({
    accountId,
    name,
    description,
    isPrivate,
  }: Args<'adminChannels.create'>): Promise<void> {
    const { account, client } = await this.accounts.clientFor(accountId);
    const privacy = isPrivate ? { invite_only: true } : {};
    if ((await client.featureLevel()) >= CREATE_CHANNEL_LEVEL)
      await createChannel(client, {
        name,
        description,
        ...privacy,
        subscribers: [account.userId],
      });
    else await subscribe(client, { subscriptions: [{ name, description }], ...privacy });
  }

  /** Sends only what changed. */
  async updateChannel({ accountId, streamId, ...c }: Args<'adminChannels.update'>): Promise<void> {
    await updateStream(await this.#client(accountId), streamId, {
      ...(c.name !== undefined ? { new_name: c.name } : {}),
      ...(c.description !== undefined ? { description: c.description } : {}),
      ...(c.isPrivate !== undefined ? { is_private: c.isPrivate } : {}),
      ...(c.historyPublic !== undefined ? { history_public_to_subscribers: c.historyPublic } : {}),
      ...(c.unarchive ? { is_archived: false as const } : {}),
      ...(c.folderId !== undefined ? { folder_id: c.folderId } : {}),
      ...(c.canRemoveSubscribersGroup
        ? { can_remove_subscribers_group: c.canRemoveSubscribersGroup }
        : {}),
    });
  }

  async archiveChannel(accountId: string, streamId: number): Promise<void> {
    await archiveStream(await this.#client(accountId), streamId);
  }
}
