/** JSON surgery for the property tests: random deletions and replacements inside a body. */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function clone(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** Every path to a value inside `root`, the root itself included. */
function paths(root: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(root)) return here.concat(root.flatMap((v, i) => paths(v, [...prefix, i])));
  if (root !== null && typeof root === 'object') {
    return here.concat(Object.entries(root).flatMap(([k, v]) => paths(v, [...prefix, k])));
  }
  return here;
}

/** A copy of `root` with the value at `path` replaced, or deleted when `value` is undefined. */
function mutateAt(root: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const copy = clone(root);
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = (node as Record<string, Json>)[key as string] as Json;
  const last = path[path.length - 1] as string | number;
  if (value === undefined && !Array.isArray(node))
    delete (node as Record<string, Json>)[last as string];
  else (node as Record<string, Json>)[last as string] = value === undefined ? null : value;
  return copy;
}

/** A function that deletes or replaces one randomly chosen value inside a body. */
export const mutationArb = fc
  .tuple(fc.nat(), fc.option(fc.jsonValue(), { nil: undefined }))
  .map(([pick, replacement]) => (body: unknown): Json => {
    const root = clone(body);
    const all = paths(root).filter((p) => p.length > 0);
    return mutateAt(root, all[pick % all.length] ?? [], replacement as Json | undefined);
  });
