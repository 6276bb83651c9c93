/** File uploads (the widely deployed server's upload-file and get-file-temporary-url). */
import { z } from 'zod';
import type { ApiClient, ApiResult } from '../client.ts';
import { multipartFile } from '../multipart.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const uploadedSchema = lazySchema(() =>
  z.looseObject({
    /** Since FL 272; `uri` before, and both after. */
    url: z.string().optional(),
    uri: z.string().optional(),
    filename: z.string().optional(),
  }),
);

const temporaryUrlSchema = lazySchema(() => z.looseObject({ url: z.string() }));

/** A path POST /user_uploads answers: `/user_uploads/<realm id>/<path>/<name>`. */
export const UPLOAD_PATH = /^\/user_uploads\/\d+\/[^/?#]+\/[^/?#]+\/[^/?#]+$/;

export interface UploadedFile {
  /** `/user_uploads/...`, relative to the server. */
  path: string;
  name: string;
}

/**
 * POST /user_uploads: one file as multipart/form-data; the server checks its size limit.
 * `onSent` hears how many of the file's bytes the connection has taken so far.
 */
export async function uploadFile(
  client: ApiClient,
  file: { name: string; type: string; bytes: Uint8Array },
  signal?: AbortSignal,
  onSent?: (sent: number, total: number) => void,
): Promise<ApiResult<UploadedFile>> {
  const result = await client.call({
    method: 'POST',
    path: '/user_uploads',
    endpoint: 'POST /user_uploads',
    schema: uploadedSchema.refine((d) => (d.url ?? d.uri) !== undefined, 'no url in the answer'),
    stream: multipartFile('file', file, onSent),
    signal,
  });
  const path = result.data.url ?? result.data.uri ?? '';
  return { ...result, data: { path, name: result.data.filename ?? file.name } };
}

/**
 * GET /user_uploads/{realm_id_str}/{filename}: a link that shows the file without
 * credentials for a short while, so a page can display it without the API key.
 */
export function getTemporaryUrl(
  client: ApiClient,
  path: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof temporaryUrlSchema>>> {
  if (!UPLOAD_PATH.test(path)) throw new RangeError('not an uploaded file path');
  return client.call({
    method: 'GET',
    path,
    endpoint: 'GET /user_uploads/{realm_id_str}/{filename}',
    schema: temporaryUrlSchema,
    signal,
  });
}
