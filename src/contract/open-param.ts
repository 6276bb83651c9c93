/**
 * The URL query parameter that holds a conversation to open, as JSON (src/contract/open-link.ts).
 * Its own module, free of zod, so the page can ask whether its URL has one without loading
 * the check (src/renderer/lib/open-link.ts).
 */
export const OPEN_PARAM = 'open';
