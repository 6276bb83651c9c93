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

/** The preview upstream writes after the paragraph of a link to an image. */
export function imagePreview(href: string, title: string | undefined): string | undefined {
  const path = href.split(/[?#]/)[0] ?? '';
  if (!/^(https?:|\/user_uploads\/)/i.test(href) || !IMAGE.test(path)) return undefined;
  const h = escapeHtml(href);
  const t = title === undefined ? '' : ` title="${escapeHtml(title)}"`;
  return `<div class="message_inline_image"><a href="${h}"${t}><img src="${h}"></a></div>`;
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
