/**
 * Links as upstream writes them: a plain `<a href>` (clients decide how links open), the
 * schemes upstream allows (web, mail, tel, sms, uploads), the URL as text for an empty
 * label, bare domains linked, and image links previewed under their paragraph.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

const SAFE_HREF = /^(https?:|mailto:|tel:|sms:|\/user_uploads\/)/i;
const IMAGE = /\.(png|jpe?g|gif|webp|bmp)$/i;

export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href);
}

/**
 * The preview upstream writes after the paragraph of a link to an image. An image on
 * another site is shown through the server's `/thumbnail?url=` proxy, as upstream does,
 * so that no reader's client fetches from a third party; an upload is the server's own.
 */
export function imagePreview(href: string, title: string | undefined): string | undefined {
  const path = href.split(/[?#]/)[0] ?? '';
  if (!/^(https?:|\/user_uploads\/)/i.test(href) || !IMAGE.test(path)) return undefined;
  const h = escapeHtml(href);
  const t = title === undefined ? '' : ` title="${escapeHtml(title)}"`;
  const proxied = (size: string) =>
    escapeHtml(`/thumbnail?url=${encodeURIComponent(href)}&size=${size}`);
  const img = href.startsWith('/user_uploads/')
    ? `<img src="${h}">`
    : `<img data-src-fullsize="${proxied('full')}" src="${proxied('thumbnail')}">`;
  return `<div class="message_inline_image"><a href="${h}"${t}>${img}</a></div>`;
}

/**
 * `[text](dest)` whose destination has a scheme upstream does not link (javascript:, an
 * app's own scheme): its opening bracket as text, so the rest is read as plain text too.
 */
export function unsafeLinkOpening(src: string): Tokens.Text | undefined {
  const m = /^!?\[[^\]\n]*\]\(\s*<?([^\s)>]*)/.exec(src);
  if (!m || m[1] === '' || isSafeHref(m[1]!) || !/^[a-z][a-z0-9+.-]*:/i.test(m[1]!))
    return undefined;
  const raw = src.startsWith('!') ? '![' : '[';
  return { type: 'text', raw, text: raw, escaped: false };
}

interface EmailToken extends Tokens.Generic {
  type: 'email';
  raw: string;
  linked: boolean;
}

const EMAIL = /^[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;

/**
 * A bare address becomes a `mailto:` link, as upstream links `a@b.com`; one followed by a
 * path (`a@b.com/foo`) is no address, and stays text rather than a link to its domain.
 */
export function emailExtension(): TokenizerAndRendererExtension {
  return {
    name: 'email',
    level: 'inline',
    start: (src) => src.search(/(?<![\w.+-])[\w.+-]+@[a-z0-9-]+\.[a-z]/i),
    tokenizer(src): EmailToken | undefined {
      const m = EMAIL.exec(src);
      if (!m) return undefined;
      const path = /^[/\w.-]*/.exec(src.slice(m[0].length))![0];
      if (path.startsWith('/')) return { type: 'email', raw: m[0] + path, linked: false };
      return { type: 'email', raw: m[0], linked: true };
    },
    renderer(t) {
      const { raw, linked } = t as EmailToken;
      const text = escapeHtml(raw);
      return linked ? `<a href="mailto:${text}">${text}</a>` : text;
    },
  };
}

interface BareDomainToken extends Tokens.Generic {
  type: 'bareDomain';
  raw: string;
}

const TLDS = 'com|org|net|io|dev|edu|gov|info|app|co|us|uk|de|fr|eu|ca|me|ai|in|jp';
const BARE = new RegExp(
  `^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})\\b(?:/[^\\s<]*[^\\s<.,:;!?)])?`,
  'i',
);
const BARE_START = new RegExp(`(?<![\\w@./:-])(?:[a-z0-9-]+\\.)+(?:${TLDS})\\b`, 'i');

/** `example.com` becomes a link to http://example.com, as upstream links bare domains. */
export function bareDomainExtension(): TokenizerAndRendererExtension {
  return {
    name: 'bareDomain',
    level: 'inline',
    start: (src) => src.search(BARE_START),
    tokenizer(src): BareDomainToken | undefined {
      const m = BARE.exec(src);
      return m ? { type: 'bareDomain', raw: m[0] } : undefined;
    },
    renderer: (t) => `<a href="http://${escapeHtml(t.raw)}">${escapeHtml(t.raw)}</a>`,
  };
}
