/**
 * Emoticon translation (upstream help "Configure emoticon translations"): when the sender
 * has `translate_emoticons` on, `:)`, `<3` and the rest of upstream's short list become the
 * emoji they stand for. An emoticon counts only standing alone: at the start or end of the
 * text or next to a space, tab, line break or one of `,.;?!()[]"'` (upstream's compose
 * typeahead uses the same set), so `http://`, `a:b` or `x:)` are left as they are. Code
 * spans and blocks are never touched: this is an inline rule of the text outside them.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { emojiCodeOfName, emojiSpan } from './emoji.ts';

/** Upstream's conversions, to the names its emoji data gives them. */
const CONVERSIONS: Readonly<Record<string, string>> = {
  ':)': 'smile',
  '(:': 'smile',
  ':(': 'frown',
  '<3': 'heart',
  ':|': 'neutral',
  ':/': 'confused',
  ';)': 'wink',
  ':D': 'grinning',
  ':o': 'open_mouth',
  ':O': 'open_mouth',
  ':p': 'stuck_out_tongue',
  ':P': 'stuck_out_tongue',
};

const ALTERNATIVES = Object.keys(CONVERSIONS)
  .map((e) => e.replace(/[()|/]/g, '\\$&'))
  .join('|');
/** What may stand on either side of an emoticon (not every Unicode space: upstream's set). */
const EDGE = `[ \\t\\n,.;?!()\\[\\]"']`;
const AT_START = new RegExp(`^(?:${ALTERNATIVES})(?=${EDGE}|$)`);
const ANYWHERE = new RegExp(`(?:^|${EDGE})(${ALTERNATIVES})(?=${EDGE}|$)`);

interface EmoticonToken extends Tokens.Generic {
  type: 'emoticon';
  name: string;
  code: string;
}

/**
 * `enabled` is asked per message (it is the sender's setting). `src` at a token start may be
 * mid-line, so what precedes it is checked through marked's previous character.
 */
export function emoticonExtension(enabled: () => boolean): TokenizerAndRendererExtension {
  return {
    name: 'emoticon',
    level: 'inline',
    start(src) {
      if (!enabled()) return undefined;
      const m = ANYWHERE.exec(src);
      return m ? m.index + m[0].length - m[1]!.length : undefined;
    },
    tokenizer(src, tokens): EmoticonToken | undefined {
      if (!enabled()) return undefined;
      const m = AT_START.exec(src);
      if (!m) return undefined;
      const before = tokens.at(-1)?.raw.at(-1);
      if (before !== undefined && !new RegExp(EDGE).test(before)) return undefined;
      const name = CONVERSIONS[m[0]]!;
      const code = emojiCodeOfName(name);
      return code ? { type: 'emoticon', raw: m[0], name, code } : undefined;
    },
    renderer: (t) => emojiSpan((t as EmoticonToken).name, (t as EmoticonToken).code),
  };
}
