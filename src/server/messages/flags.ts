/**
 * Per-user message flags as bits, so a user's history of hundreds of thousands of
 * messages fits in two typed arrays (see history.ts).
 */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  mentioned: 4,
  stream_wildcard_mentioned: 8,
  topic_wildcard_mentioned: 16,
  has_alert_word: 32,
  historical: 64,
} as const;

/** Flags of a readable message the user never received (public channel history). */
export const HISTORICAL_FLAGS = FLAG_BITS.read | FLAG_BITS.historical;

export type FlagName = keyof typeof FLAG_BITS;

const NAMES = Object.keys(FLAG_BITS) as FlagName[];

export function flagNames(bits: number): FlagName[] {
  return NAMES.filter((name) => (bits & FLAG_BITS[name]) !== 0);
}

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_BITS, name);
}

/** Flags a user may set or clear through POST /messages/flags; the rest are computed. */
export const EDITABLE_FLAGS: ReadonlySet<FlagName> = new Set(['read', 'starred']);
