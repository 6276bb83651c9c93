/**
 * Message HTML as plain text for a native notification body. The result is shown as text,
 * never rendered, so it only needs to read well: markup goes, entities are decoded, and
 * the content of script and style elements never appears.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

const HIDDEN_ELEMENTS = /<(script|style|template)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const LINE_BREAKING_TAGS =
  /<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote|\/pre|\/tr|\/table|\/ul|\/ol|hr)\b[^>]*>/gi;
// Stops at the next '<' so a run of unclosed tags costs linear, not quadratic, time.
const TAGS = /<\/?[a-z!][^<>]*>/gi;
/**
 * A notification shows a few lines; reading more of a server's HTML only gives a hostile
 * one room to make these regular expressions slow.
 */
const MAX_HTML = 10_000;
const CUT_TAG = /<[^>]*$/;
const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi;

function decodeEntity(match: string, body: string): string {
  if (body[0] === '#') {
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? match;
}

export function decodeEntities(text: string): string {
  return text.replace(ENTITY, decodeEntity);
}

/** Plain text of an HTML fragment: one line per block, runs of spaces collapsed. */
export function htmlToText(html: string): string {
  const bounded = html.length > MAX_HTML ? html.slice(0, MAX_HTML).replace(CUT_TAG, '') : html;
  const text = bounded
    .replace(HIDDEN_ELEMENTS, '')
    .replace(COMMENTS, '')
    .replace(LINE_BREAKING_TAGS, '\n')
    .replace(TAGS, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const UPLOAD_LINK_HTML =
  /<a\b[^>]*href\s*=\s*["'][^"']*\/user_uploads\/[^"']*["'][^>]*>[\s\S]*?<\/a\s*>/gi;
const UPLOAD_LINK_MARKDOWN = /!?\[[^\]]*\]\([^)\s]*\/user_uploads\/[^)\s]*\)/g;
const IMAGES = /<img\b[^>]*>/gi;

/** True when a message holds nothing but links to uploaded files (and their previews). */
export function isOnlyUpload(content: string, markdown: boolean): boolean {
  // No upload link, with its preview, comes near this size.
  if (content.length > MAX_HTML) return false;
  const pattern = markdown ? UPLOAD_LINK_MARKDOWN : UPLOAD_LINK_HTML;
  const withoutUploads = content.replace(pattern, '');
  if (withoutUploads === content) return false;
  const rest = markdown ? withoutUploads : htmlToText(withoutUploads.replace(IMAGES, ''));
  return rest.trim() === '';
}
