/**
 * The organization's custom emoji for the picker and reactions, and a push when the
 * server says they changed (`realm_emoji` events carry the whole list; the renderer
 * fetches it again rather than trusting a payload the client's schemas do not model).
 */
import { getRealmEmoji } from '../../../api/routes/realm-emoji.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

export function emojiHandlers(ctx: CoreContext): Pick<HandlerTable, 'emoji.realm'> {
  ctx.sync.onEvents((accountId, events) => {
    const changed = events.some(
      (e) => ((e.type === 'unknown' ? e.payload : e) as { type: string }).type === 'realm_emoji',
    );
    if (changed) ctx.bus.publish('emoji.realmChanged', { accountId });
  });
  return {
    'emoji.realm': async ({ accountId }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      const { data } = await getRealmEmoji(client);
      return Object.values(data.emoji).map((e) => ({
        id: e.id,
        name: e.name,
        source_url: e.source_url,
        deactivated: e.deactivated,
      }));
    },
  };
}
