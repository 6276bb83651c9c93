/**
 * A server's rendered HTML (a message, an organization description, a profile value) made
 * safe to show: links and images written relative to the server point at that server,
 * everything passes DOMPurify (sanitize.ts), which leaves <img src> the only way to load
 * anything, and images from any other origin are dropped so the HTML cannot make the window
 * fetch from a third party.
 */
import { KATEX_PREFIXED } from '../../lib/katex-classes.ts';
import { keepRecent } from '../../lib/recent-map.ts';
import { sanitizeHtml } from './sanitize.ts';
import { showEmojiGlyphs, showEmojiNames } from './emoji-glyphs.ts';

/** An absolute URL for a link or image of the server's HTML; undefined if it cannot be one. */
export function onServer(url: string, serverUrl: string): string | undefined {
  try {
    return new URL(url, `${serverUrl.replace(/\/+$/, '')}/`).href;
  } catch {
    return undefined;
  }
}

export function isSameOrigin(url: string, serverUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}

const parser = new DOMParser();

function absolutize(doc: Document, serverUrl: string): void {
  for (const el of doc.querySelectorAll<HTMLElement>('[href], [src]')) {
    for (const attr of ['href', 'src']) {
      const value = el.getAttribute(attr);
      // Fragment-only and scheme-bearing values are left for the sanitizer to judge.
      if (value === null || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
      const absolute = onServer(value, serverUrl);
      if (absolute) el.setAttribute(attr, absolute);
      else el.removeAttribute(attr);
    }
  }
}

/**
 * Made-safe HTML by server and source, the most recently used kept: a narrow opened again
 * redraws its rows from here instead of parsing and sanitizing each message afresh (the
 * larger part of a return's first paint). The result depends on nothing else.
 */
const made = new Map<string, string>();
const MADE_MAX = 2000;

/** `emojiText`: the user's emoji set is 'text', so every emoji shows as its `:name:`. */
export function messageHtml(html: string, serverUrl: string, emojiText = false): string {
  const key = `${emojiText ? 'text' : 'img'}\n${serverUrl}\n${html}`;
  const safe = made.get(key) ?? makeSafe(html, serverUrl, emojiText);
  keepRecent(made, key, safe, MADE_MAX);
  return safe;
}

/**
 * What in HTML may need an address made absolute, and what in sanitized HTML may need the
 * pass after DOMPurify (an image, math, an emoji). Each is a plain substring test, so text
 * that merely says "src" or "emoji" takes the whole way: most messages name none, and skip
 * one or both of the two parses besides DOMPurify's own (bench/README.md, `background`).
 */
const ADDRESSES = /href|src/i;
const AFTER_PASS = /<img|katex|emoji/i;

function makeSafe(html: string, serverUrl: string, emojiText: boolean): string {
  let dirty = html;
  if (ADDRESSES.test(html)) {
    // DOMParser documents are inert: nothing in them runs or loads.
    const raw = parser.parseFromString(html, 'text/html');
    absolutize(raw, serverUrl);
    dirty = raw.body.innerHTML;
  }
  const sanitized = sanitizeHtml(dirty);
  if (!AFTER_PASS.test(sanitized)) return sanitized;
  const clean = parser.parseFromString(sanitized, 'text/html');
  for (const img of clean.querySelectorAll('img')) {
    const src = img.getAttribute('src');
    // /thumbnail is the server's proxy of another site's image (upstream's inline image
    // previews): it needs a session the window never has, and shows a third party's image.
    if (src === null || !isSameOrigin(src, serverUrl) || new URL(src).pathname === '/thumbnail')
      img.remove();
    else holdUpload(img, src);
  }
  katexClassesAsOurs(clean.body);
  if (emojiText) showEmojiNames(clean.body);
  else showEmojiGlyphs(clean.body);
  return clean.body.innerHTML;
}

/**
 * Math from a server whose KaTeX predates the `katex-` class prefix (upstream's, and the
 * reference server that follows it) laid out by the stylesheet of the KaTeX Perch bundles.
 */
function katexClassesAsOurs(root: HTMLElement): void {
  for (const el of root.querySelectorAll('.katex [class]')) {
    for (const name of [...el.classList])
      if (KATEX_PREFIXED.has(name)) el.classList.replace(name, `katex-${name}`);
  }
}

/**
 * An uploaded file needs the user's credentials, which the window never has: the image
 * keeps its path and loads nothing until upload-images.ts swaps in a short-lived link.
 */
function holdUpload(img: Element, src: string): void {
  const path = new URL(src).pathname;
  if (!path.startsWith('/user_uploads/') || path.startsWith('/user_uploads/temporary/')) return;
  img.removeAttribute('src');
  img.setAttribute('data-upload-path', path);
}

/** Plain text as HTML that shows it as it is: a name put beside made-safe HTML. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A /me message's body without the command, so it reads on from the sender's name. */
export function withoutMeCommand(html: string): string {
  return html.replace(/^(\s*<p>)\/me\s?/, '$1');
}
