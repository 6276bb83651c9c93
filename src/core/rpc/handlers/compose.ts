/** Compose: the directory of people and channels, topics, the preview (compose/compose-service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type ComposeChannels = 'compose.directory' | 'compose.topics' | 'compose.render';

export function composeHandlers(ctx: CoreContext): Pick<HandlerTable, ComposeChannels> {
  const compose = ctx.parts.compose;
  return {
    'compose.directory': ({ accountId }) => compose.directory(accountId),
    'compose.topics': ({ accountId, streamId }) => compose.topics(accountId, streamId),
    'compose.render': ({ accountId, content }) => compose.render(accountId, content),
  };
}
