/**
 * Renders message Markdown to the HTML the service sends with `apply_markdown`, and
 * reports who the message mentions so the message store can set per-user flags.
 * Raw HTML in the source is shown as text and only web and mail links become anchors,
 * because the output is user-generated content displayed by every client.
 */
import {
  Marked,
  Tokenizer,
  type Token,
  type TokenizerAndRendererExtension,
  type Tokens,
} from 'marked';
import { codeBlock } from './code-block.ts';
import { emojiExtension, type EmojiDirectory } from './emoji.ts';
import { emoticonExtension } from './emoticons.ts';
import { fenceExtension } from './fences.ts';
import { linkifierExtension, type LinkifierRule } from './linkifiers.ts';
import {
  bareDomainExtension,
  emailExtension,
  imagePreview,
  isSafeHref,
  unsafeLinkOpening,
} from './links.ts';
import { listStart, nestListsByTwoSpaces } from './lists.ts';
import { inlineMathExtension } from './math.ts';
import { quotesAsUpstream } from './quotes.ts';
import {
  escapeHtml,
  escapeText,
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

/**
 * Upstream strikes out whatever lies between two `~~` on one line, spaces included
 * (`~~ like this ~~`), where CommonMark wants the text to touch the tildes.
 */
const strike: TokenizerAndRendererExtension = {
  name: 'strike',
  level: 'inline',
  start: (src) => src.indexOf('~~'),
  tokenizer(src, before) {
    // Upstream's rule: `~~` not after a tilde, text on one line, `~~` not before a tilde.
    if (before.at(-1)?.raw.endsWith('~')) return undefined;
    const m = /^~~([^~\n]+?)~~(?!~)/.exec(src);
    return m ? { type: 'strike', raw: m[0], tokens: this.lexer.inlineTokens(m[1]!) } : undefined;
  },
  renderer(token) {
    return `<del>${this.parser.parseInline(token.tokens ?? [])}</del>`;
  },
};

/** Removes the start mark lists.ts puts before a nested numbered list's first item. */
function stripStartMark(token: Token): void {
  const t = token as { raw?: string; text?: string; tokens?: Token[] };
  if (t.raw) t.raw = t.raw.replace(/^\uE000\d+\uE001/, '');
  if (t.text) t.text = t.text.replace(/^\uE000\d+\uE001/, '');
  if (t.tokens?.[0]) stripStartMark(t.tokens[0]);
}

/** Inline code as upstream keeps it: every space inside the backticks stays. */
function codeSpan(src: string): Tokens.Codespan | undefined {
  const m = /^(`+)(?!`)([\s\S]*?[^`])\1(?!`)/.exec(src);
  return m ? { type: 'codespan', raw: m[0], text: m[2]!.replace(/\n/g, ' ') } : undefined;
}

/** `mail@**Name**` is no mention: upstream wants the `@` at a word's start. */
const wordBeforeMention: TokenizerAndRendererExtension = {
  name: 'wordBeforeMention',
  level: 'inline',
  start: (src) => src.search(/\w@_?\*/),
  tokenizer: (src) => {
    const m = /^\w@(?=_?\*)/.exec(src);
    return m ? { type: 'wordBeforeMention', raw: m[0] } : undefined;
  },
  renderer: (token) => escapeHtml(token.raw),
};

export class MarkdownRenderer {
  private readonly marked: Marked;
  /** Image previews of the paragraph being rendered; upstream puts them after it. */
  private previews: string[] = [];
  /** The images previewed so far: upstream previews each URL once a message. */
  private previewed = new Set<string>();
  /** How many quotes the text being rendered is in: upstream previews no image in one. */
  private quoteDepth = 0;
  /** The sender's translate_emoticons, for the message being rendered. */
  private translateEmoticons = false;

  constructor(directory: RenderDirectory, linkifiers: () => Iterable<LinkifierRule> = () => []) {
    this.marked = new Marked({ gfm: true, breaks: true });
    const previews = () => this.previews;
    const preview = (href: string, title: string | undefined) => {
      if (this.quoteDepth > 0 || this.previewed.has(href)) return;
      const html = imagePreview(href, title);
      if (html === undefined) return;
      this.previewed.add(href);
      this.previews.push(html);
    };
    const quoted = (render: () => string) => {
      this.quoteDepth++;
      try {
        return render();
      } finally {
        this.quoteDepth--;
      }
    };
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
        emailExtension(),
        bareDomainExtension(),
        strike,
        literalUnderscores,
        wordBeforeMention,
      ],
      tokenizer: {
        // Upstream's processor has no reference links: `[text]` and `[ref]: url` stay as typed.
        def: () => undefined,
        // Every fence is read by fences.ts, with upstream's rules for the opening line.
        fences: () => undefined,
        // Raw HTML is text upstream, and the Markdown around it still counts: a line that
        // starts with a tag is a paragraph like any other, its tags shown as typed.
        html: () => undefined,
        // `~~` is read by the strike extension above, with upstream's rule.
        del: () => undefined,
        reflink: () => undefined,
        codespan: codeSpan,
        // `<a@b.com>` is no autolink upstream: the brackets stay and the address is linked.
        autolink(src) {
          return /^<[^>@\s]+@[^>\s]+>/.test(src) ? undefined : false;
        },
        // A link to a scheme upstream does not allow is no link: its source stays as text.
        // (marked renders whatever token a tokenizer returns, hence the casts here.)
        link(src) {
          return (unsafeLinkOpening(src) as Tokens.Link | undefined) ?? false;
        },
        // Upstream's strong emphasis ends with its line.
        emStrong(src, masked, prev) {
          const token = Tokenizer.prototype.emStrong.call(this, src, masked, prev);
          if (!token?.raw.startsWith('**') || !token.raw.includes('\n')) return token;
          const run = /^\*+/.exec(src)![0];
          return { type: 'text', raw: run, text: run, escaped: false } as unknown as Tokens.Strong;
        },
      },
      renderer: {
        // Upstream escapes only what HTML needs in text: quotes stay as typed.
        text(token: Tokens.Text | Tokens.Escape) {
          if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
          // marked's text has its quotes escaped already; the source has them as typed.
          return escapeText(token.type === 'escape' ? token.text : token.raw);
        },
        codespan: (token: Tokens.Codespan) => `<code>${escapeText(token.text, true)}</code>`,
        // `***a***` nests as upstream's does: strong outside, emphasis inside.
        em(token: Tokens.Em) {
          const only = token.tokens.length === 1 ? token.tokens[0] : undefined;
          if (only?.type === 'strong')
            return `<strong><em>${this.parser.parseInline((only as Tokens.Strong).tokens)}</em></strong>`;
          return `<em>${this.parser.parseInline(token.tokens)}</em>`;
        },
        list(token: Tokens.List) {
          const first = token.items[0];
          const text = first?.tokens[0];
          const mark = first && text && 'text' in text ? listStart(text.text) : undefined;
          if (!mark || !text) return false;
          token.start = mark.start;
          stripStartMark(text);
          return false;
        },
        html: (token: Tokens.HTML | Tokens.Tag) =>
          'block' in token && token.block
            ? `<p>${escapeText(token.text.trim())}</p>\n`
            : escapeText(token.text),
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
          // A message that is only an image's address shows the image alone, as upstream.
          const only = token.tokens.length === 1 ? token.tokens[0] : undefined;
          if (added.length === 1 && only?.type === 'link' && only.text === only.href)
            return `${added[0]}\n`;
          return `<p>${inner}</p>\n${added.join('')}`;
        },
        // An image linked in a list item is previewed inside the item, after its text.
        listitem(item: Tokens.ListItem) {
          const before = previews().length;
          const inner = this.parser.parse(item.tokens);
          return `<li>${inner}${previews().splice(before).join('')}</li>\n`;
        },
        blockquote(token: Tokens.Blockquote) {
          return `<blockquote>\n${quoted(() => this.parser.parse(token.tokens))}</blockquote>\n`;
        },
        link(token: Tokens.Link) {
          const text = this.parser.parseInline(token.tokens);
          if (!isSafeHref(token.href)) return text;
          const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
          const href = escapeHtml(token.href);
          // An empty label would make an invisible link: upstream shows the URL.
          const label = text.trim() === '' ? href : text;
          const named = token.text !== token.href && token.text !== '';
          preview(token.href, named ? token.text : undefined);
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
    this.previewed = new Set();
    this.translateEmoticons = options.translateEmoticons ?? false;
    // Leading blank lines and trailing space do not count; leading indentation does (code).
    const source = content.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
    const tokens = this.marked.lexer(nestListsByTwoSpaces(quotesAsUpstream(source)));
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
    // A start mark lists.ts left where marked read no list is not text anyone typed.
    const html = (this.marked.parser(tokens) as string).replace(/\uE000\d+\uE001/g, '').trim();
    return { html, mentions: none ? NO_MENTIONS : mentions, isMeMessage: isMeMessage(content) };
  }
}
