/**
 * Renders message Markdown to the HTML the service sends with `apply_markdown`, and
 * reports who the message mentions so the message store can set per-user flags.
 * Raw HTML in the source is shown as text and only web and mail links become anchors,
 * because the output is user-generated content displayed by every client.
 */
import { Marked, type Token, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { codeBlock } from './code-block.ts';
import { emojiExtension, type EmojiDirectory } from './emoji.ts';
import { emoticonExtension } from './emoticons.ts';
import { fenceExtension } from './fences.ts';
import { linkifierExtension, type LinkifierRule } from './linkifiers.ts';
import { bareDomainExtension, imagePreview, isSafeHref } from './links.ts';
import { nestListsByTwoSpaces } from './lists.ts';
import { inlineMathExtension } from './math.ts';
import {
  escapeHtml,
  mentionExtension,
  type MentionDirectory,
  type MentionToken,
} from './mentions.ts';
import { narrowLinkExtension, type ChannelDirectory } from './narrow-links.ts';
import { timeExtension } from './time.ts';

/** What rendering looks up in the organization. */
export type RenderDirectory = MentionDirectory & EmojiDirectory & ChannelDirectory;

export interface Mentions {
  userIds: Set<number>;
  groupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}

export interface Rendered {
  html: string;
  mentions: Mentions;
  isMeMessage: boolean;
}

/** Shared by every message that mentions nobody, which is most of them. */
const NO_MENTIONS: Mentions = Object.freeze({
  userIds: new Set<number>(),
  groupIds: new Set<number>(),
  streamWildcard: false,
  topicWildcard: false,
});

function collectMentions(tokens: Token[], into: Mentions): void {
  for (const token of tokens) {
    if (token.type === 'mention') {
      const m = token as MentionToken;
      if (m.silent) continue;
      if (m.target.kind === 'user') into.userIds.add(m.target.user.id);
      else if (m.target.kind === 'group') into.groupIds.add(m.target.group.id);
      else if (m.target.kind === 'stream_wildcard') into.streamWildcard = true;
      else into.topicWildcard = true;
      continue;
    }
    const nested = token as { tokens?: Token[]; items?: Token[] };
    if (nested.tokens) collectMentions(nested.tokens, into);
    if (nested.items) collectMentions(nested.items, into);
  }
}

/** `/me` at the very start, followed by a space or nothing, makes a "me message". */
export function isMeMessage(content: string): boolean {
  return /^\/me( |$)/.test(content);
}

/** Upstream keeps underscores literal: `_foo_` and `__foo__` are not emphasis. */
const literalUnderscores: TokenizerAndRendererExtension = {
  name: 'underscores',
  level: 'inline',
  start: (src) => src.indexOf('_'),
  tokenizer: (src) => {
    const run = /^_+/.exec(src);
    return run ? { type: 'underscores', raw: run[0] } : undefined;
  },
  renderer: (token) => token.raw,
};

/** `mail@**Name**` is no mention: upstream wants the `@` at a word's start. */
const wordBeforeMention: TokenizerAndRendererExtension = {
  name: 'wordBeforeMention',
  level: 'inline',
  start: (src) => src.search(/\w@_?\*/),
  tokenizer: (src) => {
    const m = /^\w@/.exec(src);
    return m ? { type: 'wordBeforeMention', raw: m[0] } : undefined;
  },
  renderer: (token) => escapeHtml(token.raw),
};

export class MarkdownRenderer {
  private readonly marked: Marked;
  /** Image previews of the paragraph being rendered; upstream puts them after it. */
  private previews: string[] = [];
  /** The sender's translate_emoticons, for the message being rendered. */
  private translateEmoticons = false;

  constructor(directory: RenderDirectory, linkifiers: () => Iterable<LinkifierRule> = () => []) {
    this.marked = new Marked({ gfm: true, breaks: true });
    const previews = () => this.previews;
    this.marked.use({
      extensions: [
        fenceExtension(),
        timeExtension(),
        inlineMathExtension(),
        mentionExtension(directory),
        narrowLinkExtension(directory),
        emojiExtension(directory),
        emoticonExtension(() => this.translateEmoticons),
        linkifierExtension(linkifiers),
        bareDomainExtension(),
        literalUnderscores,
        wordBeforeMention,
      ],
      renderer: {
        html: (token: Tokens.HTML | Tokens.Tag) =>
          'block' in token && token.block
            ? `<p>${escapeHtml(token.text.trim())}</p>\n`
            : escapeHtml(token.text),
        code: (token: Tokens.Code) => codeBlock(token.text, token.lang ?? ''),
        // Upstream's tables align cells with a style, not the obsolete align attribute.
        tablecell(token: Tokens.TableCell) {
          const tag = token.header ? 'th' : 'td';
          const style = token.align ? ` style="text-align: ${token.align};"` : '';
          return `<${tag}${style}>${this.parser.parseInline(token.tokens)}</${tag}>\n`;
        },
        paragraph(token: Tokens.Paragraph) {
          const before = previews().length;
          // CommonMark strips a paragraph's leading spaces; marked keeps them.
          const inner = this.parser.parseInline(token.tokens).replace(/^[ \t]+/, '');
          const added = previews().splice(before);
          return `<p>${inner}</p>\n${added.join('')}`;
        },
        link(token: Tokens.Link) {
          const text = this.parser.parseInline(token.tokens);
          if (!isSafeHref(token.href)) return text;
          const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
          const href = escapeHtml(token.href);
          // An empty label would make an invisible link: upstream shows the URL.
          const label = text === '' ? href : text;
          const named = token.text !== token.href && token.text !== '';
          const preview = imagePreview(token.href, named ? token.text : undefined);
          if (preview) previews().push(preview);
          return `<a href="${href}"${title}>${label}</a>`;
        },
        image(token: Tokens.Image) {
          return isSafeHref(token.href)
            ? `<a href="${escapeHtml(token.href)}">${escapeHtml(token.text)}</a>`
            : escapeHtml(token.text);
        },
      },
    });
  }

  render(content: string, options: { translateEmoticons?: boolean } = {}): Rendered {
    this.previews = [];
    this.translateEmoticons = options.translateEmoticons ?? false;
    // Leading blank lines and trailing space do not count; leading indentation does (code).
    const source = content.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
    const tokens = this.marked.lexer(nestListsByTwoSpaces(source));
    const mentions: Mentions = {
      userIds: new Set(),
      groupIds: new Set(),
      streamWildcard: false,
      topicWildcard: false,
    };
    collectMentions(tokens, mentions);
    const none =
      mentions.userIds.size + mentions.groupIds.size === 0 &&
      !mentions.streamWildcard &&
      !mentions.topicWildcard;
    const html = (this.marked.parser(tokens) as string).trim();
    return { html, mentions: none ? NO_MENTIONS : mentions, isMeMessage: isMeMessage(content) };
  }
}
