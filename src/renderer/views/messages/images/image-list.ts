/**
 * The conversation's inline images, in the order the list shows them: each message's
 * `.message_inline_image` links (upstream's markup: the link's href is the full-size image,
 * the <img> inside may be a smaller thumbnail), so the viewer can step through all loaded
 * images, not only those whose rows are drawn.
 */
export interface ListedImage {
  messageId: number;
  /** The full-size image's path or URL, as the server wrote it. */
  href: string;
  /** The link's title (upstream writes the file name there), else the file name. */
  title: string;
}

const IMAGE = /<div class="message_inline_image">\s*<a\b([^>]*)>/g;
const ATTR = (name: string) => new RegExp(`\\b${name}="([^"]*)"`);

function unescape(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

export function fileName(href: string): string {
  const last = href.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'image';
  } catch {
    return last || 'image';
  }
}

export function imagesOf(messages: readonly { id: number; content: string }[]): ListedImage[] {
  const out: ListedImage[] = [];
  for (const m of messages) {
    for (const match of m.content.matchAll(IMAGE)) {
      const attrs = match[1]!;
      const href = ATTR('href').exec(attrs)?.[1];
      if (href === undefined) continue;
      const plain = unescape(href);
      const title = ATTR('title').exec(attrs)?.[1];
      out.push({ messageId: m.id, href: plain, title: title ? unescape(title) : fileName(plain) });
    }
  }
  return out;
}

/** Where a clicked image is in the list: same message and the same full-size image. */
export function indexOfImage(
  images: readonly ListedImage[],
  messageId: number,
  path: string,
  serverUrl: string,
): number {
  const key = (href: string) => {
    try {
      return new URL(href, `${serverUrl.replace(/\/+$/, '')}/`).pathname;
    } catch {
      return href;
    }
  };
  const wanted = key(path);
  return images.findIndex((i) => i.messageId === messageId && key(i.href) === wanted);
}
