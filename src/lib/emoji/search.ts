/**
 * Emoji search by name, alias and keyword over the Unicode catalog and the organization's
 * custom emoji. Pure and synchronous so that completion can run it on every keystroke;
 * without a catalog argument it searches the lazily loaded one (see load.ts), and before
 * that has loaded only the custom emoji.
 */
import { withSkinTone, type EmojiCatalog } from './catalog.ts';
import { loadedEmojiCatalog } from './load.ts';
import type { EmojiResult, RealmEmoji, SkinTone, UnicodeEmoji } from './types.ts';

export interface EmojiSearchOptions {
  /** At most this many results (default: all). */
  limit?: number;
  /** The organization's custom emoji; deactivated ones are never offered. */
  realm?: readonly RealmEmoji[];
  /** Offer emoji that have skin tones in this one. */
  skinTone?: SkinTone;
  catalog?: EmojiCatalog;
}

const NO_MATCH = Number.POSITIVE_INFINITY;

interface Candidate {
  names: readonly string[];
  keywords: readonly string[];
  result: EmojiResult;
  order: number;
  realm: boolean;
}

function normalizeQuery(query: string): string {
  return query
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, '')
    .replace(/\s+/g, '_');
}

function wordsOf(name: string): string[] {
  return name.split(/[_\-\s]+/).filter((w) => w !== '');
}

/** Lower is better: exact name, name prefix, alias prefix, word prefixes, keywords, substring. */
function score(c: Candidate, q: string, qWords: readonly string[]): number {
  const [primary = ''] = c.names;
  if (c.names.includes(q)) return 0;
  if (primary.startsWith(q)) return 1;
  if (c.names.some((n) => n.startsWith(q))) return 2;
  const nameWords = c.names.flatMap(wordsOf);
  if (qWords.every((w) => nameWords.some((n) => n.startsWith(w)))) return 3;
  if (
    qWords.every(
      (w) => nameWords.some((n) => n.startsWith(w)) || c.keywords.some((k) => k.startsWith(w)),
    )
  )
    return 4;
  if (c.names.some((n) => n.includes(q))) return 5;
  return NO_MATCH;
}

function unicodeCandidate(e: UnicodeEmoji, order: number, tone: SkinTone): Candidate {
  const shown = withSkinTone(e, tone);
  return {
    names: [e.name, ...e.aliases],
    keywords: e.keywords,
    result: { name: shown.name, code: shown.code, type: 'unicode_emoji', char: shown.char },
    order,
    realm: false,
  };
}

function realmCandidate(r: RealmEmoji, order: number): Candidate {
  return {
    names: [r.name.toLowerCase()],
    keywords: [],
    result: { name: r.name, code: r.id, type: 'realm_emoji', url: r.source_url },
    order,
    realm: true,
  };
}

export function searchEmoji(query: string, options: EmojiSearchOptions = {}): EmojiResult[] {
  const catalog = options.catalog ?? loadedEmojiCatalog();
  const tone = options.skinTone ?? 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const candidates: Candidate[] = [
    ...(options.realm ?? []).filter((r) => !r.deactivated).map(realmCandidate),
    ...(catalog?.all ?? []).map((e, i) => unicodeCandidate(e, i, tone)),
  ];
  const q = normalizeQuery(query);
  if (q === '') return candidates.slice(0, limit).map((c) => c.result);
  const qWords = wordsOf(q);
  return candidates
    .map((c) => ({ c, s: score(c, q, qWords) }))
    .filter((x) => x.s !== NO_MATCH)
    .sort((a, b) => a.s - b.s || Number(b.c.realm) - Number(a.c.realm) || a.c.order - b.c.order)
    .slice(0, limit)
    .map((x) => x.c.result);
}
