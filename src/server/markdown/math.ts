/**
 * TeX as upstream renders it: KaTeX, inline for `$$...$$` and in display mode for math
 * fences. A formula KaTeX cannot parse is shown as its source, marked as an error.
 */
import katex from 'katex';
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

function render(tex: string, displayMode: boolean): string {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: true });
  } catch {
    return `<span class="tex-error">${escapeHtml(displayMode ? tex : `$$${tex}$$`)}</span>`;
  }
}

export const displayMath = (tex: string): string => render(tex, true);

interface MathToken extends Tokens.Generic {
  type: 'inlineMath';
  raw: string;
  tex: string;
}

export function inlineMathExtension(): TokenizerAndRendererExtension {
  return {
    name: 'inlineMath',
    level: 'inline',
    start: (src) => src.indexOf('$$'),
    tokenizer(src): MathToken | undefined {
      const m = /^\$\$([^\n$]+?)\$\$/.exec(src);
      return m ? { type: 'inlineMath', raw: m[0], tex: m[1]! } : undefined;
    },
    renderer: (token) => render((token as MathToken).tex, false),
  };
}
