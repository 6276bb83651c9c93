/**
 * The admin console's groups and channels: create, edit and deactivate
 * user groups and their permission settings; list, create, edit, archive and unarchive
 * channels. Each call goes through the account's own client; server refusals are rethrown
 * as they came so the panel can show the server's words.
 */
import {
  CREATE_CHANNEL_LEVEL,
  archiveStream,
  createChannel,
  getStreams,
  updateStream,
} from '../../../api/routes/channels.ts';
import { getChannelFolders } from '../../../api/routes/channel-folders.ts';
import { subscribe } from '../../../api/routes/subscriptions.ts';
import {
  createUserGroup,
  deactivateUserGroup,
  getUserGroups,
  updateUserGroup,
} from '../../../api/routes/user-groups.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';
import { GroupPermissionName, GroupSetting } from '../../../contract/schemas/admin-channels.ts';

type ChannelsChannels =
  | 'adminGroups.permissions'
  | 'adminGroups.create'
  | 'adminGroups.update'
  | 'adminGroups.deactivate'
  | 'adminChannels.list'
  | 'adminChannels.create'
  | 'adminChannels.update'
  | 'adminChannels.archive';

export function adminChannelsHandlers(ctx: CoreContext): Pick<HandlerTable, ChannelsChannels> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;

  return {
    'adminGroups.permissions': async ({ accountId }) => {
      const { data } = await getUserGroups(await clientOf(accountId), {
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
    },

    'adminGroups.create': async ({ accountId, name, description, members }) => {
      const { data } = await createUserGroup(await clientOf(accountId), {
        name,
        description,
        members,
      });
      return { id: data.group_id };
    },

    'adminGroups.update': async ({ accountId, groupId, reactivate, ...change }) => {
      await updateUserGroup(await clientOf(accountId), groupId, {
        ...change,
        ...(reactivate ? { deactivated: false as const } : {}),
      });
      return {};
    },

    'adminGroups.deactivate': async ({ accountId, groupId }) => {
      await deactivateUserGroup(await clientOf(accountId), groupId);
      return {};
    },

    'adminChannels.list': async ({ accountId }) => {
      const client = await clientOf(accountId);
      const featureLevel = await client.featureLevel();
      const [{ data }, folders] = await Promise.all([
        getStreams(client, { include_all: true, exclude_archived: false }),
        featureLevel >= 389 ? getChannelFolders(client).then((r) => r.data.channel_folders) : [],
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
    },

    // POST /channels/create from FL 417; before, subscribing to a new name creates it. Either
    // way the creator ends up subscribed, as the web app does.
    'adminChannels.create': async ({ accountId, name, description, isPrivate }) => {
      const { account, client } = await ctx.accounts.clientFor(accountId);
      const privacy = isPrivate ? { invite_only: true } : {};
      if ((await client.featureLevel()) >= CREATE_CHANNEL_LEVEL)
        await createChannel(client, {
          name,
          description,
          ...privacy,
          subscribers: [account.userId],
        });
      else await subscribe(client, { subscriptions: [{ name, description }], ...privacy });
      return {};
    },

    'adminChannels.update': async ({ accountId, streamId, ...c }) => {
      await updateStream(await clientOf(accountId), streamId, {
        ...(c.name !== undefined ? { new_name: c.name } : {}),
        ...(c.description !== undefined ? { description: c.description } : {}),
        ...(c.isPrivate !== undefined ? { is_private: c.isPrivate } : {}),
        ...(c.historyPublic !== undefined
          ? { history_public_to_subscribers: c.historyPublic }
          : {}),
        ...(c.unarchive ? { is_archived: false as const } : {}),
        ...(c.folderId !== undefined ? { folder_id: c.folderId } : {}),
        ...(c.canRemoveSubscribersGroup
          ? { can_remove_subscribers_group: c.canRemoveSubscribersGroup }
          : {}),
      });
      return {};
    },

    'adminChannels.archive': async ({ accountId, streamId }) => {
      await archiveStream(await clientOf(accountId), streamId);
      return {};
    },
  };
}
