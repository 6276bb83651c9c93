/**
 * A Map used as a small least-recently-used cache: insertion order is use order, so the
 * first key is the one used longest ago.
 */

/** Sets `key` as the most recently used, letting the least recently used go past `max`. */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
