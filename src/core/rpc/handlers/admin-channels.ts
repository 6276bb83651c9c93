/** The admin console's groups and channels (admin/channels.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

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
  const admin = ctx.parts.admin.channels;
  return {
    'adminGroups.permissions': ({ accountId }) => admin.groupPermissions(accountId),
    'adminGroups.create': (args) => admin.createGroup(args),
    'adminGroups.update': async (args) => {
      await admin.updateGroup(args);
      return {};
    },
    'adminGroups.deactivate': async ({ accountId, groupId }) => {
      await admin.deactivateGroup(accountId, groupId);
      return {};
    },
    'adminChannels.list': ({ accountId }) => admin.listChannels(accountId),
    'adminChannels.create': async (args) => {
      await admin.createChannel(args);
      return {};
    },
    'adminChannels.update': async (args) => {
      await admin.updateChannel(args);
      return {};
    },
    'adminChannels.archive': async ({ accountId, streamId }) => {
      await admin.archiveChannel(accountId, streamId);
      return {};
    },
  };
}
