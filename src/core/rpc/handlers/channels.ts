/** The channel browser and the per-channel menu (channels/service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type ChannelsChannels =
  | 'channels.directory'
  | 'channels.subscribe'
  | 'channels.unsubscribe'
  | 'channels.create'
  | 'channels.setProperty';

export function channelsHandlers(ctx: CoreContext): Pick<HandlerTable, ChannelsChannels> {
  const service = ctx.parts.channels;
  return {
    'channels.directory': async ({ accountId }) => service.directory(accountId),
    'channels.subscribe': async ({ accountId, streamId }) => {
      await service.subscribe(accountId, streamId);
      return {};
    },
    'channels.unsubscribe': async ({ accountId, streamId }) => {
      await service.unsubscribe(accountId, streamId);
      return {};
    },
    'channels.create': async ({ accountId, ...channel }) => {
      await service.create(accountId, channel);
      return {};
    },
    'channels.setProperty': async ({ accountId, streamId, property, value }) => {
      await service.setProperty(accountId, { stream_id: streamId, property, value });
      return {};
    },
  };
}
