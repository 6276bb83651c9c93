/** Compose: the directory of people and channels, topics, the preview. */
import { getStreamTopics, renderMessage } from '../../../api/routes/compose.ts';
import { deleteQueue, register } from '../../../api/routes/events.ts';
import { buildDirectory } from '../../compose/directory.ts';
import type { CoreContext } from '../../context.ts';
import { fetchEventTypes } from '../../sync/register-params.ts';
import type { HandlerTable } from '../dispatch.ts';

type ComposeChannels = 'compose.directory' | 'compose.topics' | 'compose.render';

const DIRECTORY_TYPES = [
  'realm_user',
  'user_group',
  'user_settings',
  'realm',
  'stream',
  'subscription',
];

export function composeHandlers(ctx: CoreContext): Pick<HandlerTable, ComposeChannels> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;
  return {
    'compose.directory': async ({ accountId }) => {
      const client = await clientOf(accountId);
      // One short-lived queue answers for users, groups, channels and settings at once.
      const { data } = await register(client, {
        event_types: DIRECTORY_TYPES,
        fetch_event_types: fetchEventTypes(DIRECTORY_TYPES),
      });
      if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
      return buildDirectory(data);
    },
    'compose.topics': async ({ accountId, streamId }) => {
      const { data } = await getStreamTopics(await clientOf(accountId), streamId);
      return [...data.topics].sort((a, b) => b.max_id - a.max_id).map((t) => t.name);
    },
    'compose.render': async ({ accountId, content }) => {
      const { data } = await renderMessage(await clientOf(accountId), content);
      return { html: data.rendered };
    },
  };
}
