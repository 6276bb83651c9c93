/** The shapes shared by the emoji catalog, its search and the places that show emoji. */

/** Skin tones 1 (light) to 5 (dark), as the Unicode modifiers U+1F3FB to U+1F3FF; 0 is none. */
export type SkinTone = 0 | 1 | 2 | 3 | 4 | 5;

export interface SkinVariant {
  tone: Exclude<SkinTone, 0>;
  /** The service name: the base name with `_tone1` to `_tone5`. */
  name: string;
  code: string;
  char: string;
}

export interface UnicodeEmoji {
  /** The name sent as `emoji_name`. */
  name: string;
  /** Other names that find and resolve to this emoji. */
  aliases: readonly string[];
  /** `emoji_code`: lowercase hex codepoints joined by '-', without U+FE0F. */
  code: string;
  /** The fully qualified character sequence, for display. */
  char: string;
  /** The Unicode description, e.g. "thumbs up". */
  label: string;
  /** Search words beyond the names. */
  keywords: readonly string[];
  category: EmojiCategory;
  skins: readonly SkinVariant[];
}

/** The picker's categories, in Unicode's order. */
export const EMOJI_CATEGORIES = [
  { key: 'smileys', label: 'Smileys & emotion' },
  { key: 'people', label: 'People & body' },
  { key: 'nature', label: 'Animals & nature' },
  { key: 'food', label: 'Food & drink' },
  { key: 'travel', label: 'Travel & places' },
  { key: 'activities', label: 'Activities' },
  { key: 'objects', label: 'Objects' },
  { key: 'symbols', label: 'Symbols' },
  { key: 'flags', label: 'Flags' },
] as const;

export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number]['key'];

/** An organization's custom emoji as the service lists it (GET /realm/emoji). */
export interface RealmEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  still_url?: string | null;
  author_id?: number | null;
}

/** What search returns and what a reaction needs: name, code and type, and how to draw it. */
export interface EmojiResult {
  name: string;
  code: string;
  type: 'unicode_emoji' | 'realm_emoji';
  /** Unicode emoji: the characters. */
  char?: string;
  /** Custom emoji: the image, as the server gave it (maybe relative to the server). */
  url?: string;
}
