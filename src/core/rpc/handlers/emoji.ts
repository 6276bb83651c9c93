/**
 * The organization's custom emoji for the picker and reactions, and a push when the
 * server says they changed (`realm_emoji` events carry the whole list; the renderer
 * fetches it again rather than trusting a payload the client's schemas do not model).
 */
import {
  deactivateRealmEmoji,
  getRealmEmoji,
  uploadRealmEmoji,
} from '../../../api/routes/realm-emoji.ts';
import type { CoreContext } from '../../context.ts';
import type { PendingUploads } from '../../uploads/pending.ts';
import type { HandlerTable } from '../dispatch.ts';

type EmojiChannels = 'emoji.realm' | 'emoji.add' | 'emoji.remove';

/** `pending` holds the images handed over by uploads.begin / uploads.chunk. */
export function emojiHandlers(
  ctx: CoreContext,
  pending: PendingUploads,
): Pick<HandlerTable, EmojiChannels> {
  return {
    'emoji.realm': async ({ accountId }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      const { data } = await getRealmEmoji(client);
      return Object.values(data.emoji).map((e) => ({
        id: e.id,
        name: e.name,
        source_url: e.source_url,
        deactivated: e.deactivated,
        author_id: e.author_id ?? null,
      }));
    },
    'emoji.add': async ({ uploadId, name }) => {
      const { upload, bytes } = pending.complete(uploadId);
      try {
        const { client } = await ctx.accounts.clientFor(upload.accountId);
        await uploadRealmEmoji(
          client,
          name,
          { name: upload.name, type: upload.type, bytes },
          upload.abort.signal,
        );
        return {};
      } finally {
        pending.done(uploadId);
      }
    },
    'emoji.remove': async ({ accountId, name }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      await deactivateRealmEmoji(client, name);
      return {};
    },
  };
}
