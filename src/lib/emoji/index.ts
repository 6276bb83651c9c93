/** Emoji: the Unicode catalog (lazily loaded), search, skin tones, recent use and codes. */
export { buildCatalog, withSkinTone, type EmojiCatalog } from './catalog.ts';
export { charsOfCode, isCodepointSequence, normalizeCode } from './code.ts';
export { loadEmojiCatalog, loadedEmojiCatalog } from './load.ts';
export { parseRecent, rememberRecent, RECENT_MAX, type RecentEmoji } from './recent.ts';
export { searchEmoji, type EmojiSearchOptions } from './search.ts';
export * from './types.ts';
