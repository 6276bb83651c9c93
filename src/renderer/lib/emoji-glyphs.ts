/**
 * The server writes a Unicode emoji as upstream does, a span whose class names the code
 * (`emoji emoji-1f389`) around its `:name:`, for clients that draw from a sprite sheet.
 * Perch draws emoji with the system font, so each such span shows its character instead.
 */
const CODE = /(?:^|\s)emoji-([0-9a-f]{1,6}(?:-[0-9a-f]{1,6})*)(?:\s|$)/;

export function showEmojiGlyphs(root: ParentNode): void {
  for (const span of root.querySelectorAll('span.emoji')) {
    const code = CODE.exec(span.getAttribute('class') ?? '')?.[1];
    if (code === undefined) continue;
    const points = code.split('-').map((h) => parseInt(h, 16));
    if (points.some((p) => p > 0x10ffff || (p >= 0xd800 && p <= 0xdfff))) continue;
    span.textContent = String.fromCodePoint(...points);
  }
}

const NAMED = /^:[^:\s]+:$/;

/**
 * The 'text' emoji set: every emoji, Unicode (a span holding its `:name:`) or the
 * organization's own (an image whose alt is its `:name:`), becomes that name as plain text.
 */
export function showEmojiNames(root: ParentNode): void {
  for (const el of root.querySelectorAll('span.emoji, img.emoji')) {
    const own = el.tagName === 'IMG' ? el.getAttribute('alt') : el.textContent;
    const title = el.getAttribute('title');
    const text = own && NAMED.test(own) ? own : title ? `:${title.replaceAll(' ', '_')}:` : own;
    el.replaceWith(el.ownerDocument.createTextNode(text ?? ''));
  }
}
