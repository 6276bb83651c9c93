/**
 * GET /user_avatars/2/emoji/images/<id>.<ext>: a custom emoji's image, where its
 * source_url points. Public like upstream's uploaded-file storage (anyone with the URL
 * can see it), and served with a CSP that stops an SVG image from running anything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import { EMOJI_IMAGE_PATH } from '../emoji/realm-emoji.ts';

/** Answers the request and returns true when it is for an emoji image; false leaves it alone. */
export function serveEmojiImage(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const match = EMOJI_IMAGE_PATH.exec((req.url ?? '').split('?')[0] ?? '');
  if (!match) return false;
  const emoji = ctx.state.realmEmoji.get(match[1] ?? '');
  if (!emoji || emoji.image.extension !== match[2]) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
    return true;
  }
  res.writeHead(200, {
    'Content-Type': emoji.image.contentType,
    'Content-Length': String(emoji.image.bytes.length),
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : emoji.image.bytes);
  return true;
}
