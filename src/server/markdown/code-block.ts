/** A code block in upstream's markup: the codehilite wrapper Pygments' HTML formatter writes. */
import { highlight, lexerName } from './highlight.ts';
import { escapeHtml } from './mentions.ts';

/**
 * A first line naming the language, for a fence that names none: `#!python`,
 * `#!/usr/bin/python` or `:::python` (Python-Markdown's CodeHilite header, which upstream
 * uses). The line stays in the block; only the highlighting follows it.
 */
const HEADER = /^(?:(#!)|:::)(?:(?:\/[\w.-]+)*\/)?(?:env )?([\w#.+-]+)[ \t]*$/;

export function codeBlock(code: string, lang: string): string {
  // Pygments drops the blank lines around the code, and upstream each line's trailing space.
  const text = code.replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '');
  const attr = lang === '' ? '' : ` data-code-language="${escapeHtml(lexerName(lang))}"`;
  let inner: string;
  const header = lang === '' ? HEADER.exec(text.split('\n', 1)[0]!) : null;
  if (header?.[1]) {
    // Pygments marks a shebang line as a hashbang comment (`ch`) in the languages it knows.
    const newline = text.indexOf('\n');
    const rest = newline < 0 ? '' : text.slice(newline + 1);
    const first = `<span class="ch">${escapeHtml(newline < 0 ? text : text.slice(0, newline))}</span>`;
    inner = newline < 0 ? first : `${first}\n${highlight(rest, header[2], escapeHtml)}`;
  } else inner = highlight(text, lang || header?.[2] || undefined, escapeHtml);
  return `<div class="codehilite"${attr}><pre><span></span><code>${inner}\n</code></pre></div>\n`;
}
