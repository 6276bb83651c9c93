/**
 * TeX as upstream renders it: KaTeX, inline for `$$...$$` and in display mode for math
 * fences. A formula KaTeX cannot parse is shown as its source, marked as an error.
 */
import katex from 'katex';
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { katexClassesAsUpstream } from '../../lib/katex-classes.ts';
import { escapeHtml, escapeText } from './mentions.ts';

function render(tex: string, displayMode: boolean): string {
  try {
    // Upstream's HTML names KaTeX's classes as the KaTeX it ships does (lib/katex-classes.ts).
    return katex
      .renderToString(tex, { displayMode, throwOnError: true })
      .replace(
        /class="([^"]*)"/g,
        (_, value: string) => `class="${katexClassesAsUpstream(value)}"`,
      );
  } catch {
    // Upstream writes an inline formula's error as text, a display one's escaped as markup.
    const shown = displayMode
      ? escapeHtml(tex).replace(/&#39;/g, '&#x27;')
      : escapeText(`$$${tex}$$`);
    return `<span class="tex-error">${shown}</span>`;
  }
}

export const displayMath = (tex: string): string => render(tex, true);

interface MathToken extends Tokens.Generic {
  type: 'inlineMath';
  raw: string;
  tex: string;
}

/**
 * Upstream's inline math: `$$` not after a `$` or backslash, a body on one line that does
 * not start with `_` or `$` and holds no `$` but an escaped `\$`, and `$$` not followed by
 * a third `$`. So `$$_$$` (a money smiley), `$$$` and prices like `$5 to $20` stay text.
 */
const INLINE = /^\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)/;

export function inlineMathExtension(): TokenizerAndRendererExtension {
  return {
    name: 'inlineMath',
    level: 'inline',
    start(src) {
      const m = /(?<![\\$])\$\$/.exec(src);
      return m?.index;
    },
    tokenizer(src): MathToken | undefined {
      const m = INLINE.exec(src);
      return m ? { type: 'inlineMath', raw: m[0], tex: m[1]! } : undefined;
    },
    renderer: (token) => render((token as MathToken).tex, false),
  };
}
