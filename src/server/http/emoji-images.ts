/**
 * GET /user_avatars/2/emoji/images/<id>.<ext>: a custom emoji's image, where its
 * source_url points. Public like upstream's uploaded-file storage (anyone with the URL
 * can see it), and served with a CSP that stops an SVG image from running anything.
 * Also the service's extra emoji (`:zulip:`) at the static path upstream's HTML names.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import { EMOJI_IMAGE_PATH } from '../emoji/realm-emoji.ts';
import { SERVICE_EMOJI_PNG } from '../emoji/service-emoji-image.ts';
import { SERVICE_EMOJI_IMAGE_PATH } from '../messages/emoji.ts';

/** Answers the request and returns true when it is for an emoji image; false leaves it alone. */
export function serveEmojiImage(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0] ?? '';
  const image =
    path === SERVICE_EMOJI_IMAGE_PATH
      ? { contentType: 'image/png', bytes: SERVICE_EMOJI_PNG }
      : customEmojiImage(ctx, path);
  if (image === undefined) return false;
  if (image === null) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
    return true;
  }
  res.writeHead(200, {
    'Content-Type': image.contentType,
    'Content-Length': String(image.bytes.length),
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : image.bytes);
  return true;
}

/** The custom emoji image at this path; null if none; undefined if not such a path. */
function customEmojiImage(
  ctx: ServerContext,
  path: string,
): { contentType: string; bytes: Uint8Array } | null | undefined {
  const match = EMOJI_IMAGE_PATH.exec(path);
  if (!match) return undefined;
  const emoji = ctx.state.realmEmoji.get(match[1] ?? '');
  return emoji && emoji.image.extension === match[2] ? emoji.image : null;
}
