/**
 * Three-way merge of one edit form, field by field: `base` is the server's version the form
 * started from, `mine` the form's values, `server` the version now. A field only the other
 * side changed takes their value; a field only the user changed stays; a field both changed
 * differently is a conflict, and keeps the user's value until they choose.
 */
export type Merged<T> = { value: T; conflict: boolean };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export const copy = <V>(v: V): V => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as V));

export function mergeDraft<T extends Record<string, unknown>>(
  base: T,
  mine: T,
  server: T,
): Merged<T> {
  const value = copy(mine);
  let conflict = false;
  for (const key of Object.keys(server) as (keyof T)[]) {
    if (same(server[key], base[key]) || same(mine[key], server[key])) continue;
    if (same(mine[key], base[key])) value[key] = copy(server[key]);
    else conflict = true;
  }
  return { value, conflict };
}

export function sameDraft(a: unknown, b: unknown): boolean {
  return same(a, b);
}
