/**
 * Keeping what a view already holds when a push brings an equal copy of it: a Svelte
 * `$derived` that returns the held value unchanged wakes nothing that reads it, so the
 * Messages list's drawn rows are not worked out again for every incoming message (each
 * sidebar patch and each history change rebuilds these lists from scratch).
 */

export { sameNumbers } from '../../lib/same-numbers.ts';

/** The same keys with the same values, in any order. */
export function sameEntries<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v || (v === undefined && !b.has(k))) return false;
  return true;
}

/** `held` while `next` equals it, else `next`: for a `$derived` to return. */
export function holdIfSame<T>(held: T, next: T, same: (a: T, b: T) => boolean): T {
  return same(held, next) ? held : next;
}
