/**
 * The mention syntax of the service's Markdown dialect, as a `marked` inline extension:
 * `@**Full Name**` (or `@**Full Name|id**`) for a user, `@*group*` for a user group,
 * `@**all**`/`@**everyone**`/`@**channel**`/`@**stream**` for the channel and `@**topic**`
 * for the topic. A leading `_` (`@_**Name**`) makes a mention silent: it is shown but
 * notifies nobody, so it never sets a flag.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';

export interface MentionUser {
  id: number;
  full_name: string;
}
export interface MentionGroup {
  id: number;
  name: string;
}

/** Looks names up in the organization at render time. */
export interface MentionDirectory {
  userByName(name: string): MentionUser | undefined;
  userById(id: number): MentionUser | undefined;
  groupByName(name: string): MentionGroup | undefined;
}

export type MentionTarget =
  | { kind: 'user'; user: MentionUser }
  | { kind: 'group'; group: MentionGroup }
  | { kind: 'stream_wildcard'; word: string }
  | { kind: 'topic_wildcard' };

export interface MentionToken extends Tokens.Generic {
  type: 'mention';
  raw: string;
  silent: boolean;
  target: MentionTarget;
}

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);
const MENTION = /^@(_?)(\*\*([^*\n]+)\*\*|\*([^*\n]+)\*)/;

function resolve(
  directory: MentionDirectory,
  body: string,
  isGroup: boolean,
): MentionTarget | undefined {
  if (isGroup) {
    const group = directory.groupByName(body);
    return group && { kind: 'group', group };
  }
  if (STREAM_WILDCARDS.has(body)) return { kind: 'stream_wildcard', word: body };
  if (body === 'topic') return { kind: 'topic_wildcard' };
  // `Name|id` disambiguates users sharing a name; the id wins when it names a real user.
  const bar = body.lastIndexOf('|');
  if (bar >= 0) {
    const id = Number(body.slice(bar + 1));
    const byId = Number.isSafeInteger(id) ? directory.userById(id) : undefined;
    if (byId) return { kind: 'user', user: byId };
  }
  const user = directory.userByName(body);
  return user && { kind: 'user', user };
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes as upstream's HTML does, with named entities. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function renderMention(token: MentionToken): string {
  const at = token.silent ? '' : '@';
  const silent = token.silent ? ' silent' : '';
  const t = token.target;
  switch (t.kind) {
    case 'user':
      return `<span class="user-mention${silent}" data-user-id="${t.user.id}">${at}${escapeHtml(t.user.full_name)}</span>`;
    case 'group':
      return `<span class="user-group-mention${silent}" data-user-group-id="${t.group.id}">${at}${escapeHtml(t.group.name)}</span>`;
    case 'stream_wildcard':
      return `<span class="user-mention channel-wildcard-mention${silent}" data-user-id="*">${at}${t.word}</span>`;
    case 'topic_wildcard':
      return `<span class="topic-mention${silent}">${at}topic</span>`;
  }
}

export function mentionExtension(directory: MentionDirectory): TokenizerAndRendererExtension {
  return {
    name: 'mention',
    level: 'inline',
    start: (src) => src.indexOf('@'),
    tokenizer(src): MentionToken | undefined {
      const m = MENTION.exec(src);
      if (!m) return undefined;
      const isGroup = m[4] !== undefined;
      const target = resolve(directory, (m[3] ?? m[4] ?? '').trim(), isGroup);
      // An unknown name stays literal text, as the service does.
      if (!target) return undefined;
      return { type: 'mention', raw: m[0], silent: m[1] === '_', target };
    },
    renderer: (token) => renderMention(token as MentionToken),
  };
}

/**
 * Text as upstream's HTML carries it: only `<`, `>` and `&` escaped, quotes as typed. An
 * entity the author typed (`&amp;`) stays one unless `all` (code shows it literally).
 */
function escapeText(text: string, all = false): string {
  const amp = all ? /&/g : /&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi;
  return text.replace(amp, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export { escapeHtml, escapeText };
