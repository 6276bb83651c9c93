/**
 * File uploads: chunks from the renderer, the account's limit (uploads/limits.ts), the POST
 * with its byte progress pushed as `uploads.progress`, images.
 */
import { getTemporaryUrl, uploadFile } from '../../../api/routes/uploads.ts';
import type { CoreContext } from '../../context.ts';
import type { PendingUploads } from '../../uploads/pending.ts';
import { CHUNK_BYTES, refuseTooLarge } from '../../uploads/pending.ts';
import type { HandlerTable } from '../dispatch.ts';

type UploadChannels =
  'uploads.begin' | 'uploads.chunk' | 'uploads.finish' | 'uploads.cancel' | 'uploads.imageUrl';

/** `pending` is shared with the emoji handlers, whose images arrive the same way. */
export function uploadsHandlers(
  ctx: CoreContext,
  pending: PendingUploads,
): Pick<HandlerTable, UploadChannels> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;
  const limitOf = (accountId: string) => ctx.parts.uploadLimits.of(accountId);

  return {
    'uploads.begin': async ({ accountId, name, type, size }) => {
      const limit = await limitOf(accountId);
      if (limit !== undefined) refuseTooLarge(name, size, limit);
      return { uploadId: pending.begin(accountId, name, type, size), chunkBytes: CHUNK_BYTES };
    },
    'uploads.chunk': async ({ uploadId, offset, data }) => ({
      received: pending.chunk(uploadId, offset, Buffer.from(data, 'base64')),
    }),
    'uploads.finish': async ({ uploadId }) => {
      const { upload, bytes } = pending.complete(uploadId);
      try {
        const client = await clientOf(upload.accountId);
        let shown = -1;
        const { data } = await uploadFile(
          client,
          { name: upload.name, type: upload.type, bytes },
          upload.abort.signal,
          (sent, total) => {
            // One push per percent at most: a large file is hundreds of pieces.
            const percent = Math.floor((100 * sent) / Math.max(1, total));
            if (percent === shown) return;
            shown = percent;
            ctx.bus.publish('uploads.progress', { uploadId, sent, total });
          },
        );
        return data;
      } finally {
        pending.done(uploadId);
      }
    },
    'uploads.cancel': async ({ uploadId }) => {
      pending.cancel(uploadId);
      return {};
    },
    'uploads.imageUrl': async ({ accountId, path }) => {
      const client = await clientOf(accountId);
      const { data } = await getTemporaryUrl(client, path);
      return { url: new URL(data.url, `${client.realmUrl}/`).href };
    },
  };
}
