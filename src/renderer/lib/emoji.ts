/**
 * The emoji the picker offers: common Unicode emoji by the names the service uses, with
 * their dash-separated hex codepoints (spec 2.3), and how to draw one from its code.
 */
export interface EmojiEntry {
  name: string;
  code: string;
}

export const EMOJI: readonly EmojiEntry[] = [
  { name: '+1', code: '1f44d' },
  { name: '-1', code: '1f44e' },
  { name: 'heart', code: '2764' },
  { name: 'smile', code: '1f604' },
  { name: 'grinning', code: '1f600' },
  { name: 'laughing', code: '1f606' },
  { name: 'joy', code: '1f602' },
  { name: 'tada', code: '1f389' },
  { name: 'rocket', code: '1f680' },
  { name: 'eyes', code: '1f440' },
  { name: 'fire', code: '1f525' },
  { name: 'thinking', code: '1f914' },
  { name: 'wave', code: '1f44b' },
  { name: 'clap', code: '1f44f' },
  { name: 'pray', code: '1f64f' },
  { name: 'octopus', code: '1f419' },
  { name: 'check', code: '2705' },
  { name: 'cross_mark', code: '274c' },
  { name: 'hundred', code: '1f4af' },
  { name: 'working_on_it', code: '1f6e0' },
  { name: 'flag_france', code: '1f1eb-1f1f7' },
];

/** The character(s) of a Unicode emoji code; custom and service emoji show their name. */
export function emojiGlyph(code: string, reactionType: string, name: string): string {
  if (reactionType !== 'unicode_emoji') return `:${name}:`;
  const points = code.split('-').map((h) => Number.parseInt(h, 16));
  if (points.some((p) => !Number.isInteger(p) || p < 0 || p > 0x10ffff)) return `:${name}:`;
  return String.fromCodePoint(...points);
}

/** Names containing every word of the query, names starting with it first. */
export function searchEmoji(query: string, list: readonly EmojiEntry[] = EMOJI): EmojiEntry[] {
  const q = query.trim().toLowerCase().replace(/^:|:$/g, '');
  if (q === '') return [...list];
  const hits = list.filter((e) => q.split(/[\s_]+/).every((w) => e.name.includes(w)));
  return hits.sort((a, b) => Number(!a.name.startsWith(q)) - Number(!b.name.startsWith(q)));
}
