/** File uploads over the RPC: the bytes travel in chunks to the Core. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const uploadId = lazySchema(() => z.string().uuid());

export const BeginUploadArgs = lazySchema(() =>
  z
    .object({
      accountId,
      name: z.string().trim().min(1).max(255),
      type: z.string().max(100),
      size: z.number().int().min(0),
    })
    .strict(),
);

/** Base64 of at most CHUNK_BYTES raw bytes. */
export const UploadChunkArgs = lazySchema(() =>
  z
    .object({
      uploadId,
      offset: z.number().int().min(0),
      data: z
        .string()
        .max(700_000)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/),
    })
    .strict(),
);

export const UploadIdArgs = lazySchema(() => z.object({ uploadId }).strict());

export const Uploaded = lazySchema(() =>
  z.object({
    /** `/user_uploads/...` on the account's server. */
    path: z.string(),
    name: z.string(),
  }),
);

export const UploadImageArgs = lazySchema(() =>
  z.object({ accountId, path: z.string().max(1000).startsWith('/user_uploads/') }).strict(),
);

export const UploadProgress = lazySchema(() =>
  z.object({
    uploadId,
    sent: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
);
