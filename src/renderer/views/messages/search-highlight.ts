/**
 * Marks a search narrow's words in a message. Only text nodes of the already sanitized HTML
 * are split: marks are made with the DOM, never by editing the markup as a string, so a word
 * that also appears in a tag name, an attribute or an entity cannot break what was made safe.
 */
import type { NarrowTermWire } from '../../../contract/schemas/messages.ts';

/** The words a narrow searches for, longest first so a longer word wins where they overlap. */
export function searchWords(terms: readonly NarrowTermWire[]): string[] {
  const words = terms
    .filter((t) => t.operator === 'search' && !t.negated && typeof t.operand === 'string')
    .flatMap((t) => (t.operand as string).split(/\s+/))
    .map((w) => w.replace(/^["']+|["']+$/g, ''))
    .filter((w) => w.length > 0);
  return [...new Set(words.map((w) => w.toLowerCase()))].sort((a, b) => b.length - a.length);
}

/**
 * [start, end) ranges of `text` that match a word at the start of a word of the text, as the
 * service's full-text search matches (a prefix of a word, case-insensitively).
 */
export function matchRanges(text: string, words: readonly string[]): [number, number][] {
  if (words.length === 0) return [];
  const lower = text.toLowerCase();
  const out: [number, number][] = [];
  let i = 0;
  while (i < lower.length) {
    const atWordStart = i === 0 || !/[\p{L}\p{N}_]/u.test(lower[i - 1] as string);
    const word = atWordStart ? words.find((w) => lower.startsWith(w, i)) : undefined;
    if (word) {
      out.push([i, i + word.length]);
      i += word.length;
    } else i++;
  }
  return out;
}

/** Sanitized message HTML with the words wrapped in <mark>; unchanged when nothing matches. */
export function highlightHtml(safeHtml: string, words: readonly string[]): string {
  if (words.length === 0) return safeHtml;
  const doc = new DOMParser().parseFromString(safeHtml, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  let marked = false;
  for (const node of texts) {
    const text = node.data;
    const ranges = matchRanges(text, words);
    if (ranges.length === 0) continue;
    marked = true;
    const parts = doc.createDocumentFragment();
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) parts.append(text.slice(at, start));
      const mark = doc.createElement('mark');
      mark.className = 'search-match';
      mark.textContent = text.slice(start, end);
      parts.append(mark);
      at = end;
    }
    if (at < text.length) parts.append(text.slice(at));
    node.replaceWith(parts);
  }
  return marked ? doc.body.innerHTML : safeHtml;
}
