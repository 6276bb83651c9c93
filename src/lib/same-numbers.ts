/** The same numbers in the same order. */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a === b || (a.length === b.length && a.every((n, i) => n === b[i]));
}
