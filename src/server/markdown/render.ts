/**
 * Renders message Markdown to the HTML the service sends with `apply_markdown`, and
 * reports who the message mentions so the message store can set per-user flags.
 * Raw HTML in the source is shown as text and only web and mail links become anchors,
 * because the output is user-generated content displayed by every client.
 */
import { Marked, type Token, type Tokens } from 'marked';
import { linkifierExtension, type LinkifierRule } from './linkifiers.ts';
import {
  escapeHtml,
  mentionExtension,
  type MentionDirectory,
  type MentionToken,
} from './mentions.ts';

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

const SAFE_HREF = /^(https?:|mailto:|\/user_uploads\/)/i;
/** An uploaded image, which the widely deployed server previews under its link. */
const UPLOADED_IMAGE = /^\/user_uploads\/[^?#]+\.(png|jpe?g|gif|webp)$/i;

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

export class MarkdownRenderer {
  private readonly marked: Marked;

  constructor(directory: MentionDirectory, linkifiers: () => Iterable<LinkifierRule> = () => []) {
    this.marked = new Marked({ gfm: true, breaks: true });
    this.marked.use({
      extensions: [mentionExtension(directory), linkifierExtension(linkifiers)],
      renderer: {
        html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
        link(token: Tokens.Link) {
          const text = this.parser.parseInline(token.tokens);
          if (!SAFE_HREF.test(token.href)) return text;
          const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
          const href = escapeHtml(token.href);
          const link = `<a href="${href}"${title} target="_blank" rel="noopener noreferrer">${text}</a>`;
          if (!UPLOADED_IMAGE.test(token.href)) return link;
          return `${link}<span class="message_inline_image"><a href="${href}" title="${escapeHtml(token.text)}" target="_blank" rel="noopener noreferrer"><img src="${href}" alt="${escapeHtml(token.text)}"></a></span>`;
        },
        image(token: Tokens.Image) {
          return SAFE_HREF.test(token.href)
            ? `<a href="${escapeHtml(token.href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(token.text)}</a>`
            : escapeHtml(token.text);
        },
      },
    });
  }

  render(content: string): Rendered {
    const tokens = this.marked.lexer(content);
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
