/**
 * Fenced blocks of upstream's dialect, as a `marked` block extension that runs before
 * marked's own fences: ```quote (a quote whose body is Markdown), ```spoiler Header
 * (a collapsed block), ```math / ```tex / ```latex (display KaTeX) and every other fence
 * as a code block. A fence left open runs to the end of the message, so no text is lost.
 */
import type { Token, TokenizerAndRendererExtension, Tokens } from 'marked';
import { codeBlock } from './code-block.ts';
import { displayMath } from './math.ts';

interface FenceToken extends Tokens.Generic {
  type: 'fence';
  raw: string;
  kind: 'quote' | 'spoiler' | 'math' | 'code';
  lang: string;
  header: Token[];
  text: string;
  tokens: Token[];
}

/**
 * An opening fence as upstream's fenced-code processor reads it: a language word (which
 * may be written `.py` or `{py}`), then for quote and spoiler fences a header; the info
 * holds no backtick or tilde, so "~~~~word~~~~" on one line is text, not a fence.
 */
const OPEN =
  /^ {0,3}(`{3,}|~{3,})[ \t]*(\{?\.?([\w+\-./#]*)[ \t]*([^ \t`~\n][^`~\n]*?)?\}?)[ \t]*(?:\n|$)/;
/** Upstream renders only `math` fences with KaTeX; `tex` and `latex` are highlighted code. */
const MATH = new Set(['math']);

/** The body up to a closing fence at least as long as the opening one, or to the end. */
function body(src: string, fence: string): { text: string; length: number } {
  const char = fence[0]!;
  let at = 0;
  const lines: string[] = [];
  while (at < src.length) {
    const end = src.indexOf('\n', at);
    const line = end < 0 ? src.slice(at) : src.slice(at, end);
    const next = end < 0 ? src.length : end + 1;
    const close = /^ {0,3}([`~]+)[ \t]*$/.exec(line);
    if (
      close &&
      close[1]![0] === char &&
      close[1]!.length >= fence.length &&
      !close[1]!.includes(char === '`' ? '~' : '`')
    )
      return { text: lines.join('\n'), length: next };
    lines.push(line);
    at = next;
  }
  return { text: lines.join('\n'), length: src.length };
}

export function fenceExtension(): TokenizerAndRendererExtension {
  return {
    name: 'fence',
    level: 'block',
    // Only a fence at a line's start interrupts a paragraph (marked asks from mid-line too).
    start: (src) => {
      const at = src.search(/\n {0,3}(```|~~~)/);
      return at < 0 ? undefined : at + 1;
    },
    tokenizer(src): FenceToken | undefined {
      const open = OPEN.exec(src);
      if (!open) return undefined;
      const fence = open[1]!;
      const lang = open[3] ?? '';
      const word = lang.toLowerCase();
      const headerText = open[4] ?? '';
      const rest = body(src.slice(open[0].length), fence);
      const raw = src.slice(0, open[0].length + rest.length);
      const token: FenceToken = {
        type: 'fence',
        raw,
        kind: 'code',
        lang,
        header: [],
        text: rest.text,
        tokens: [],
      };
      if (word === 'quote' || word === 'spoiler') {
        token.kind = word;
        token.tokens = this.lexer.blockTokens(rest.text, []);
        if (word === 'spoiler') {
          const header = headerText.trim();
          token.header = header === '' ? [] : this.lexer.blockTokens(header, []);
        }
      } else if (MATH.has(word)) token.kind = 'math';
      return token;
    },
    renderer(t) {
      const token = t as FenceToken;
      switch (token.kind) {
        case 'quote':
          // The renderer's own blockquote, which knows what a quote shows (render.ts).
          return this.parser.renderer.blockquote({
            type: 'blockquote',
            raw: token.raw,
            text: token.text,
            tokens: token.tokens,
          });
        case 'spoiler':
          return `<div class="spoiler-block"><div class="spoiler-header">\n${this.parser.parse(token.header)}</div><div class="spoiler-content" aria-hidden="true">\n${this.parser.parse(token.tokens)}</div></div>\n`;
        case 'math':
          return `<p>${displayMath(token.text)}</p>\n`;
        case 'code':
          return codeBlock(token.text, token.lang);
      }
    },
  };
}
