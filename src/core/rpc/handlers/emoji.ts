/**
 * The organization's custom emoji for the picker and reactions (emoji/realm-emoji.ts). A
 * push tells when the server says they changed (`realm_emoji` events carry the whole list;
 * the renderer fetches it again rather than trusting a payload the client's schemas do not
 * model).
 */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type EmojiChannels = 'emoji.realm' | 'emoji.add' | 'emoji.remove';

export function emojiHandlers(ctx: CoreContext): Pick<HandlerTable, EmojiChannels> {
  const emoji = ctx.parts.realmEmoji;
  return {
    'emoji.realm': ({ accountId }) => emoji.list(accountId),
    'emoji.add': ({ uploadId, name }) => emoji.add(uploadId, name),
    'emoji.remove': ({ accountId, name }) => emoji.remove(accountId, name),
  };
}
