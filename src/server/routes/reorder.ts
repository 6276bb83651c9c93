/**
 * The reorder endpoints' shared rule (profile fields, linkifiers, channel folders): the new
 * order names every existing item exactly once, or nothing changes.
 */
import type { ApiError } from '../http/errors.ts';

/**
 * Re-inserts the map's entries in the given order, so every listing that walks the map
 * (responses, initial state, rendering) sees the new order; `setOrder` keeps an item's own
 * `order` field in step where the API shows one.
 */
export function reorderMap<V>(
  map: Map<number, V>,
  order: readonly number[],
  refuse: () => ApiError,
  setOrder?: (item: V, index: number) => void,
): void {
  const distinct = new Set(order);
  if (distinct.size !== order.length || distinct.size !== map.size) throw refuse();
  for (const id of order) if (!map.has(id)) throw refuse();
  const items = order.map((id) => map.get(id) as V);
  map.clear();
  items.forEach((item, i) => {
    setOrder?.(item, i);
    map.set(order[i] as number, item);
  });
}
