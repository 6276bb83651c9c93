/**
 * The catalog loaded on first use: the data (about 600 kB of JSON) is a separate chunk that
 * a dynamic import fetches, so nothing waits for it before the first paint.
 */
import { buildCatalog, type EmojiCatalog } from './catalog.ts';

let loaded: EmojiCatalog | undefined;
let pending: Promise<EmojiCatalog> | undefined;

export function loadEmojiCatalog(): Promise<EmojiCatalog> {
  pending ??= Promise.all([
    import('emojibase-data/en/compact.json', { with: { type: 'json' } }),
    import('emojibase-data/en/shortcodes/iamcal.json', { with: { type: 'json' } }),
  ]).then(
    ([compact, iamcal]) => (loaded = buildCatalog(compact.default, iamcal.default)),
    (err: unknown) => {
      // A failed chunk load may succeed later (say, after the host restarts): allow a retry.
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** The catalog if it has loaded, for synchronous callers such as search while typing. */
export function loadedEmojiCatalog(): EmojiCatalog | undefined {
  return loaded;
}
