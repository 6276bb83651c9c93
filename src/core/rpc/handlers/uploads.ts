/** File uploads, handed over in chunks (uploads/uploads-service.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type UploadChannels =
  'uploads.begin' | 'uploads.chunk' | 'uploads.finish' | 'uploads.cancel' | 'uploads.imageUrl';

export function uploadsHandlers(ctx: CoreContext): Pick<HandlerTable, UploadChannels> {
  const uploads = ctx.parts.uploadsService;
  return {
    'uploads.begin': (args) => uploads.begin(args),
    'uploads.chunk': async (args) => uploads.chunk(args),
    'uploads.finish': ({ uploadId }) => uploads.finish(uploadId),
    'uploads.cancel': async ({ uploadId }) => {
      uploads.cancel(uploadId);
      return {};
    },
    'uploads.imageUrl': ({ accountId, path }) => uploads.imageUrl(accountId, path),
  };
}
