/**
 * Serves uploaded files outside /api/v1: `/user_uploads/temporary/<token>/<name>` to anyone
 * holding a live temporary link (how a page shows an image without credentials), and
 * `/user_uploads/<realm>/<path>` to a caller with Basic credentials who may read it.
 * Only raster images are shown inline; anything else downloads, and nothing is sniffed, so
 * an uploaded page or SVG can never run script from this origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import { authenticate } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { canReadUpload } from './access.ts';
import { uploads, type StoredUpload } from './store.ts';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const TEMPORARY = /^\/user_uploads\/temporary\/([A-Za-z0-9_-]+)\/[^/]+$/;
const STORED = /^\/user_uploads\/\d+\/[^/]+\/[^/]+\/[^/]+$/;

export function serveUpload(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0] ?? '';
  const token = TEMPORARY.exec(path)?.[1];
  if (token) {
    const found = uploads(ctx).byTemporaryToken(token);
    if (found) send(req, res, found);
    else fail(res, 404, 'Not Found');
    return true;
  }
  if (!STORED.test(path)) return false;
  try {
    const user = authenticate(ctx.state, req.headers.authorization);
    const found = uploads(ctx).get(path);
    if (found && canReadUpload(ctx, user, found)) send(req, res, found);
    else fail(res, 404, 'Not Found');
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    fail(res, err.status, err.message);
  }
  return true;
}

function send(req: IncomingMessage, res: ServerResponse, upload: StoredUpload): void {
  const inline = INLINE_TYPES.has(upload.contentType);
  res.writeHead(200, {
    'Content-Type': inline ? upload.contentType : 'application/octet-stream',
    'Content-Length': String(upload.bytes.length),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.name)}`,
    'Content-Security-Policy': "default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : upload.bytes);
}

function fail(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
