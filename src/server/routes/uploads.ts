/**
 * POST /user_uploads (multipart, one file, at most the realm's max_file_upload_size_mib)
 * and GET /user_uploads/{realm_id_str}/{filename}, which answers a temporary link that
 * shows the file without credentials (the widely deployed server's get-file-temporary-url).
 */
import { badRequest, notFound } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { canReadUpload } from '../uploads/access.ts';
import { uploads } from '../uploads/store.ts';

const MIB = 1024 * 1024;

function upload({ ctx, user, files }: RouteRequest): Record<string, unknown> {
  if (files.length === 0) throw badRequest('You must specify a file to upload');
  if (files.length > 1) throw badRequest('You may only upload one file at a time');
  const file = files[0]!;
  const limit = ctx.state.realm.max_file_upload_size_mib;
  if (file.bytes.length > limit * MIB)
    throw badRequest(`Uploaded file is larger than the allowed limit of ${limit} MiB`);
  const stored = uploads(ctx).add(user.user_id, file.name, file.type, file.bytes);
  // `uri` is the name before FL 272; both are sent, as upstream does.
  return { uri: stored.path, url: stored.path, filename: stored.name };
}

function temporaryUrl({ ctx, user, path }: RouteRequest): Record<string, unknown> {
  const wanted = `/user_uploads/${path.realm_id}/${path.a}/${path.b}/${encodeURIComponent(path.name ?? '')}`;
  const stored = uploads(ctx).get(wanted);
  if (!stored || !canReadUpload(ctx, user, stored)) throw notFound();
  return { url: uploads(ctx).temporaryLink(stored) };
}

export function register(router: Router): void {
  router.post('/user_uploads', upload, {
    // The file's own limit answers in words up to twice its size; past that the body is cut.
    maxBodyBytes: (ctx) => 2 * ctx.state.realm.max_file_upload_size_mib * MIB + 64 * 1024,
  });
  router.get('/user_uploads/{realm_id}/{a}/{b}/{name}', temporaryUrl);
}
