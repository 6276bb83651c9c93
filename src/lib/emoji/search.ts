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

/** What matching reads of one emoji, computed once per catalog (search runs per keystroke). */
interface Searchable {
  names: readonly string[];
  nameWords: readonly string[];
  keywords: readonly string[];
}

const indexes = new WeakMap<EmojiCatalog, Searchable[]>();

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

function searchable(names: readonly string[], keywords: readonly string[]): Searchable {
  return { names, nameWords: names.flatMap(wordsOf), keywords };
}

function indexOf(catalog: EmojiCatalog): Searchable[] {
  let index = indexes.get(catalog);
  if (!index) {
    index = catalog.all.map((e) =>
      searchable(
        [e.name, ...e.aliases],
        e.keywords.map((k) => k.toLowerCase()),
      ),
    );
    indexes.set(catalog, index);
  }
  return index;
}

/** Lower is better: exact name, name prefix, alias prefix, word prefixes, keywords, substring. */
function score(c: Searchable, q: string, qWords: readonly string[]): number {
  const { names, nameWords, keywords } = c;
  if (names.includes(q)) return 0;
  if ((names[0] ?? '').startsWith(q)) return 1;
  if (names.some((n) => n.startsWith(q))) return 2;
  const inName = (w: string) => nameWords.some((n) => n.startsWith(w));
  if (qWords.every(inName)) return 3;
  if (qWords.every((w) => inName(w) || keywords.some((k) => k.startsWith(w)))) return 4;
  if (names.some((n) => n.includes(q))) return 5;
  return NO_MATCH;
}

interface Hit {
  score: number;
  /** Custom emoji first among equals, then Unicode's order. */
  rank: number;
  result: () => EmojiResult;
}

export function searchEmoji(query: string, options: EmojiSearchOptions = {}): EmojiResult[] {
  const catalog = options.catalog ?? loadedEmojiCatalog();
  const tone = options.skinTone ?? 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const realm = (options.realm ?? []).filter((r) => !r.deactivated);
  const unicode = catalog?.all ?? [];
  const index = catalog ? indexOf(catalog) : [];
  const realmResult = (r: RealmEmoji): EmojiResult => ({
    name: r.name,
    code: r.id,
    type: 'realm_emoji',
    url: r.source_url,
  });
  const unicodeResult = (e: UnicodeEmoji): EmojiResult => ({
    ...withSkinTone(e, tone),
    type: 'unicode_emoji',
  });

  const q = normalizeQuery(query);
  if (q === '') return [...realm.map(realmResult), ...unicode.map(unicodeResult)].slice(0, limit);
  const qWords = wordsOf(q);
  const hits: Hit[] = [];
  realm.forEach((r, i) => {
    const s = score(searchable([r.name.toLowerCase()], []), q, qWords);
    if (s !== NO_MATCH)
      hits.push({ score: s, rank: i - realm.length, result: () => realmResult(r) });
  });
  index.forEach((entry, i) => {
    const s = score(entry, q, qWords);
    const e = unicode[i];
    if (s !== NO_MATCH && e) hits.push({ score: s, rank: i, result: () => unicodeResult(e) });
  });
  return hits
    .sort((a, b) => a.score - b.score || a.rank - b.rank)
    .slice(0, limit)
    .map((h) => h.result());
}
