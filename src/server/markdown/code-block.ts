/** A code block in upstream's markup: the codehilite wrapper Pygments' HTML formatter writes. */
import { highlight, lexerName } from './highlight.ts';
import { escapeHtml } from './mentions.ts';

export function codeBlock(code: string, lang: string): string {
  const attr = lang === '' ? '' : ` data-code-language="${escapeHtml(lexerName(lang))}"`;
  const inner = highlight(code, lang || undefined, escapeHtml);
  return `<div class="codehilite"${attr}><pre><span></span><code>${inner}\n</code></pre></div>\n`;
}
