/** The recently used emoji list: newest first, each emoji once, at most `max` long. */
import type { EmojiResult } from './types.ts';

export type RecentEmoji = Pick<EmojiResult, 'name' | 'code' | 'type'>;

export const RECENT_MAX = 24;

export function rememberRecent(
  list: readonly RecentEmoji[],
  used: RecentEmoji,
  max = RECENT_MAX,
): RecentEmoji[] {
  const rest = list.filter((e) => !(e.type === used.type && e.code === used.code));
  return [{ name: used.name, code: used.code, type: used.type }, ...rest].slice(0, max);
}

/** A stored list read back, keeping only well-formed entries (storage is user-editable). */
export function parseRecent(raw: unknown, max = RECENT_MAX): RecentEmoji[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (e): e is RecentEmoji =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as RecentEmoji).name === 'string' &&
        typeof (e as RecentEmoji).code === 'string' &&
        ((e as RecentEmoji).type === 'unicode_emoji' || (e as RecentEmoji).type === 'realm_emoji'),
    )
    .slice(0, max);
}
