/**
 * Emoji in upstream's markup: `:name:` and Unicode emoji become a span upstream's clients
 * draw from their sprite (`emoji-<code>`), the organization's custom emoji an image.
 * Names come from the shared catalog, which applies upstream's own names over the data
 * the project ships.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { normalizeCode } from '../../lib/emoji/code.ts';
import {
  SERVICE_EMOJI_IMAGE_PATH,
  SERVICE_EXTRA_EMOJI,
  UNICODE_CATALOG,
} from '../messages/emoji.ts';
import { escapeHtml } from './mentions.ts';
import { UPSTREAM_NAMES } from '../../lib/emoji/upstream-names.ts';

const UPSTREAM_NAME_OF_CODE = new Map(Object.entries(UPSTREAM_NAMES).map(([n, c]) => [c, n]));

export interface EmojiDirectory {
  /** The image URL of an active custom emoji. */
  customEmojiUrl?(name: string): string | undefined;
}

interface EmojiToken extends Tokens.Generic {
  type: 'emoji';
  raw: string;
  name: string;
  code?: string;
  url?: string;
}

const SHORTCODE = /^:([A-Za-z0-9_+-]+):/;
/** One emoji: a pictograph or a flag pair, with its modifiers, selectors and ZWJ parts. */
const UNICODE =
  /^(?:[0-9#*]\uFE0F?\u20E3|\p{Regional_Indicator}{2}|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*)/u;
const ANY_START = /:|[0-9#*]\uFE0F?\u20E3|\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** The Unicode code of an emoji name (the catalog puts upstream's names first). */
export function emojiCodeOfName(name: string): string | undefined {
  return UNICODE_CATALOG.codeByName.get(name);
}

function codeOfChars(chars: string): string {
  // Codes write each codepoint with at least four digits: `#` is 0023.
  return normalizeCode(
    [...chars].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('-'),
  );
}

export function emojiSpan(name: string, code: string): string {
  const title = escapeHtml(name.replaceAll('_', ' '));
  return `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

export function emojiExtension(directory: EmojiDirectory): TokenizerAndRendererExtension {
  return {
    name: 'emoji',
    level: 'inline',
    start: (src) => src.search(ANY_START),
    tokenizer(src): EmojiToken | undefined {
      const short = SHORTCODE.exec(src);
      if (short) {
        const name = short[1]!;
        // The organization's emoji win over Unicode ones of the same name, as upstream.
        const url = directory.customEmojiUrl?.(name);
        if (url) return { type: 'emoji', raw: short[0], name, url };
        // Then the service's own emoji, an image from its static files, as upstream.
        if (SERVICE_EXTRA_EMOJI.has(name))
          return { type: 'emoji', raw: short[0], name, url: SERVICE_EMOJI_IMAGE_PATH };
        const code = emojiCodeOfName(name);
        return code ? { type: 'emoji', raw: short[0], name, code } : undefined;
      }
      const uni = UNICODE.exec(src);
      if (!uni) return undefined;
      const code = codeOfChars(uni[0]);
      // Upstream's names are words joined by underscores (`woman_shrugging`), where the
      // shared catalog joins some with hyphens.
      const name =
        UPSTREAM_NAME_OF_CODE.get(code) ??
        UNICODE_CATALOG.byCode.get(code)?.name.replaceAll('-', '_');
      // A sequence newer than the emoji data stays as its characters, whole: none of its
      // parts becomes an emoji of its own.
      return name
        ? { type: 'emoji', raw: uni[0], name, code }
        : { type: 'emoji', raw: uni[0], name: '', code: undefined };
    },
    renderer(t) {
      const token = t as EmojiToken;
      if (token.name === '') return token.raw;
      if (token.url !== undefined) {
        const title = escapeHtml(token.name.replaceAll('_', ' '));
        return `<img alt=":${escapeHtml(token.name)}:" class="emoji" src="${escapeHtml(token.url)}" title="${title}">`;
      }
      return emojiSpan(token.name, token.code!);
    },
  };
}
