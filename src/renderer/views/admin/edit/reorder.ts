/**
 * Moving one item of an ordered list by one place, as the reorder endpoints take it:
 * every id once, in the new order. Returns undefined when the item cannot move that way.
 */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] | undefined {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return undefined;
  const out = [...ids];
  [out[index], out[target]] = [out[target] as number, out[index] as number];
  return out;
}

/**
 * Why an edit failed, when the item is gone from the list as the server now has it: another
 * administrator deleted it meanwhile. Otherwise undefined, and the server's refusal stands.
 */
export function goneSentence(what: string, name: string, stillThere: boolean): string | undefined {
  return stillThere
    ? undefined
    : `The ${what} “${name}” no longer exists: someone else deleted it. The list shows what is there now.`;
}
