/**
 * Compose's completion, as pure functions (no DOM, no Svelte) so they run and are measured
 * under Node: what is being typed at the caret (`findTrigger`), and what to offer for it
 * (`suggest`) from an index built once per organization (`buildIndex`).
 */
import type { ComposeDirectory } from '../../../../contract/schemas/compose.ts';

/** Upstream's threshold: wildcards in a channel with more subscribers need permission. */
export const WILDCARD_THRESHOLD = 15;
/** Suggestions shown at once. */
export const MAX_SUGGESTIONS = 8;

export type Trigger =
  | { kind: 'mention'; silent: boolean; query: string; start: number }
  | { kind: 'channel'; query: string; start: number }
  | { kind: 'topic'; channel: string; query: string; start: number }
  | { kind: 'emoji'; query: string; start: number };

export interface Suggestion {
  /** Unique within one list. */
  key: string;
  label: string;
  /** Secondary text: an email, a description, why it cannot be used. */
  detail: string;
  /** Replaces the text from the trigger's start to the caret. */
  insert: string;
  /** Why this cannot be picked here; shown but not chosen. */
  disabled?: string;
  /** Shown before the label (an emoji's glyph). */
  glyph?: string;
  /** An emoji suggestion, drawn as the picker draws it (custom emoji included). */
  emoji?: { name: string; code: string; type: string };
  /** A person: their presence dot shows beside the name. */
  userId?: number;
}

interface Named {
  /** Lower-cased, for matching. */
  low: string;
  /** Lower-cased words of the name, for word-start matches. */
  words: string[];
}
interface PersonEntry extends Named {
  id: number;
  name: string;
  email: string;
  emailLow: string;
  /** Another active person has the same name: mentions carry the id. */
  ambiguous: boolean;
}
interface GroupEntry extends Named {
  id: number;
  name: string;
  description: string;
}
interface ChannelEntry extends Named {
  id: number;
  name: string;
  subscribers: number | null;
}

export interface CompletionIndex {
  people: PersonEntry[];
  groups: GroupEntry[];
  channels: ChannelEntry[];
  mayMentionMany: boolean;
}

export interface EmojiLike {
  name: string;
  code: string;
  /** A Unicode emoji's characters. */
  char?: string | undefined;
  /** 'unicode_emoji' or 'realm_emoji' (the organization's custom emoji). */
  type?: string;
}

/** Where the message goes, for the rules that depend on it. */
export interface CompletionContext {
  /** The channel compose sends to, or undefined for a direct message. */
  channelId: number | undefined;
  myUserId: number;
  /** A channel's topics, when already known (the topic kind asks for them). */
  topicsOf: (channelName: string) => readonly string[] | undefined;
  searchEmoji: (query: string) => readonly EmojiLike[];
  glyphOf: (emoji: EmojiLike) => string;
}

const words = (low: string) => low.split(/[\s._\-@]+/).filter(Boolean);

export function buildIndex(dir: ComposeDirectory): CompletionIndex {
  const active = dir.users.filter((u) => u.active);
  const seen = new Map<string, number>();
  for (const u of active) seen.set(u.name, (seen.get(u.name) ?? 0) + 1);
  // Object literals with every field written out: spread-built objects are several times
  // slower to scan, and a keystroke scans all ten thousand.
  return {
    people: active.map((u): PersonEntry => {
      const low = u.name.toLowerCase();
      return {
        low,
        words: words(low),
        id: u.id,
        name: u.name,
        email: u.email,
        emailLow: u.email.toLowerCase(),
        ambiguous: (seen.get(u.name) ?? 0) > 1,
      };
    }),
    groups: dir.groups.map((g): GroupEntry => {
      const low = g.name.toLowerCase();
      return { low, words: words(low), id: g.id, name: g.name, description: g.description };
    }),
    channels: dir.channels.map((c): ChannelEntry => {
      const low = c.name.toLowerCase();
      return { low, words: words(low), id: c.id, name: c.name, subscribers: c.subscribers };
    }),
    mayMentionMany: dir.mayMentionMany,
  };
}

/** 0 best; Infinity no match: the whole name, a word, the email, then anywhere. */
function rank(entry: Named, q: string, email?: string): number {
  if (q === '') return 3;
  if (entry.low.startsWith(q)) return entry.low.length === q.length ? 0 : 1;
  if (entry.words.some((w) => w.startsWith(q))) return 2;
  if (email?.startsWith(q)) return 3;
  if (entry.low.includes(q)) return 4;
  if (email?.includes(q)) return 5;
  return Infinity;
}

/**
 * The best `limit` entries by rank then name (code-unit order of the lower-cased name:
 * localeCompare over ten thousand ties costs a keystroke's budget), without sorting all matches.
 */
function best<T extends Named & { name: string }>(
  list: readonly T[],
  q: string,
  limit: number,
  emailOf?: (e: T) => string,
): T[] {
  const top: { e: T; r: number }[] = [];
  for (const e of list) {
    const r = rank(e, q, emailOf?.(e));
    if (r === Infinity) continue;
    if (top.length === limit) {
      const last = top[limit - 1]!;
      if (r > last.r || (r === last.r && e.low >= last.e.low)) continue;
      top.pop();
    }
    let i = top.length;
    while (i > 0 && (top[i - 1]!.r > r || (top[i - 1]!.r === r && top[i - 1]!.e.low > e.low))) i--;
    top.splice(i, 0, { e, r });
  }
  return top.map((t) => t.e);
}

/** A trigger starts a word: at the start, or after a space, a bracket or a quote. */
const BOUNDARY = /[\s([{"'>]/;
const startsWord = (text: string, at: number) => at === 0 || BOUNDARY.test(text[at - 1]!);

/** What is being completed at the caret, if anything. */
export function findTrigger(text: string, caret: number): Trigger | undefined {
  const before = text.slice(Math.max(0, caret - 80), caret);
  const offset = caret - before.length;
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const lineStart = caret - line.length;

  // @name, @_name, @**partial — names have spaces, so the query may too (not two in a row).
  // The last @ that starts a word: a query can itself hold one (an email address).
  let at = line.lastIndexOf('@');
  while (at > 0 && !startsWord(text, lineStart + at)) at = line.lastIndexOf('@', at - 1);
  if (at >= 0 && startsWord(text, lineStart + at)) {
    let rest = line.slice(at + 1);
    const silent = rest.startsWith('_');
    if (silent) rest = rest.slice(1);
    rest = rest.replace(/^\*\*?/, '');
    if (!rest.includes('*') && !/\s\s|^\s/.test(rest) && rest.length <= 40)
      return { kind: 'mention', silent, query: rest.toLowerCase(), start: lineStart + at };
  }
  // #chan, #**chan, #**chan>topic, #chan>topic
  const hash = line.lastIndexOf('#');
  if (hash >= 0 && startsWord(text, lineStart + hash)) {
    const rest = line.slice(hash + 1).replace(/^\*\*/, '');
    if (!rest.includes('*') && !/^\s/.test(rest) && rest.length <= 120) {
      const gt = rest.indexOf('>');
      if (gt >= 0)
        return {
          kind: 'topic',
          channel: rest.slice(0, gt),
          query: rest.slice(gt + 1).toLowerCase(),
          start: lineStart + hash,
        };
      if (!/\s\s/.test(rest))
        return { kind: 'channel', query: rest.toLowerCase(), start: lineStart + hash };
    }
  }
  // :emo — at least two characters, so "a: b" and times like 10:30 do not open it.
  const colon = /(?:^|[\s(])(:([a-z0-9_+-]{2,}))$/i.exec(before);
  if (colon) {
    const start = offset + colon.index + colon[0].length - colon[1]!.length;
    return { kind: 'emoji', query: colon[2]!.toLowerCase(), start };
  }
  return undefined;
}

const WILDCARDS: { word: string; what: string; inDm: boolean; many: boolean }[] = [
  { word: 'all', what: 'Notify everyone in the conversation', inDm: true, many: true },
  { word: 'everyone', what: 'Notify everyone in the conversation', inDm: true, many: true },
  { word: 'channel', what: 'Notify everyone in the channel', inDm: false, many: true },
  { word: 'topic', what: 'Notify everyone who took part in the topic', inDm: false, many: false },
];

function wildcards(index: CompletionIndex, q: string, ctx: CompletionContext): Suggestion[] {
  const channel =
    ctx.channelId === undefined ? undefined : index.channels.find((c) => c.id === ctx.channelId);
  const big = channel?.subscribers != null && channel.subscribers > WILDCARD_THRESHOLD;
  return WILDCARDS.filter((w) => (ctx.channelId === undefined ? w.inDm : true))
    .filter((w) => w.word.startsWith(q))
    .map((w) => {
      const refused =
        w.many && big && !index.mayMentionMany
          ? `Not allowed here: #${channel.name} has ${channel.subscribers} subscribers, and this organization lets only some people notify that many.`
          : undefined;
      return {
        key: `wildcard:${w.word}`,
        label: `@${w.word}`,
        detail: big && w.many && !refused ? `${w.what} (${channel.subscribers} people)` : w.what,
        insert: `@**${w.word}** `,
        ...(refused ? { disabled: refused } : {}),
      };
    });
}

function mentions(
  index: CompletionIndex,
  t: Extract<Trigger, { kind: 'mention' }>,
  ctx: CompletionContext,
): Suggestion[] {
  const mark = t.silent ? '@_' : '@';
  // Silent wildcards notify nobody and upstream does not offer them.
  const wild = t.silent ? [] : wildcards(index, t.query, ctx);
  const people = best(index.people, t.query, MAX_SUGGESTIONS, (p) => p.emailLow).map(
    (p): Suggestion => ({
      key: `user:${p.id}`,
      userId: p.id,
      label: p.name,
      detail: p.email,
      insert: `${mark}**${p.ambiguous ? `${p.name}|${p.id}` : p.name}** `,
    }),
  );
  const groups = best(index.groups, t.query, 3).map((g): Suggestion => ({
    key: `group:${g.id}`,
    label: g.name,
    detail: g.description ? `Group · ${g.description}` : 'Group',
    insert: `${mark}*${g.name}* `,
  }));
  return [...wild, ...people, ...groups].slice(0, MAX_SUGGESTIONS);
}

export function suggest(index: CompletionIndex, t: Trigger, ctx: CompletionContext): Suggestion[] {
  switch (t.kind) {
    case 'mention':
      return mentions(index, t, ctx);
    case 'channel':
      return best(index.channels, t.query, MAX_SUGGESTIONS).map((c) => ({
        key: `channel:${c.id}`,
        label: `#${c.name}`,
        detail: c.subscribers === null ? 'Channel' : `Channel · ${c.subscribers} subscribers`,
        insert: `#**${c.name}** `,
      }));
    case 'topic': {
      const channel = index.channels.find((c) => c.low === t.channel.toLowerCase());
      if (!channel) return [];
      const topics = ctx.topicsOf(channel.name) ?? [];
      const hits = topics.filter((name) => name.toLowerCase().includes(t.query));
      hits.sort(
        (a, b) =>
          Number(!a.toLowerCase().startsWith(t.query)) -
          Number(!b.toLowerCase().startsWith(t.query)),
      );
      return hits.slice(0, MAX_SUGGESTIONS).map((name) => ({
        key: `topic:${name}`,
        label: name === '' ? '(general chat)' : name,
        detail: `Topic in #${channel.name}`,
        insert: `#**${channel.name}>${name}** `,
      }));
    }
    case 'emoji':
      return ctx
        .searchEmoji(t.query)
        .slice(0, MAX_SUGGESTIONS)
        .map((e) => ({
          key: `emoji:${e.name}`,
          label: `:${e.name}:`,
          detail: 'Emoji',
          glyph: ctx.glyphOf(e),
          ...(e.type ? { emoji: { name: e.name, code: e.code, type: e.type } } : {}),
          insert: `:${e.name}: `,
        }));
  }
}

/** People picked as recipients of a direct message: by name or email, excluding those picked. */
export function matchPeople(
  index: CompletionIndex,
  query: string,
  exclude: ReadonlySet<number>,
  limit = MAX_SUGGESTIONS,
): { id: number; name: string; email: string }[] {
  const q = query.trim().toLowerCase();
  return best(
    index.people.filter((p) => !exclude.has(p.id)),
    q,
    limit,
    (p) => p.emailLow,
  ).map((p) => ({ id: p.id, name: p.name, email: p.email }));
}

/** Channels matching a picker query. */
export function matchChannels(
  index: CompletionIndex,
  query: string,
  limit = MAX_SUGGESTIONS,
): { id: number; name: string }[] {
  return best(index.channels, query.trim().toLowerCase(), limit).map((c) => ({
    id: c.id,
    name: c.name,
  }));
}
