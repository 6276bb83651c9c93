/**
 * Wire encoding of request parameters (spec section 4 "Conventions", docs/api-notes.md
 * "Wire format"): plain strings travel as they are, every other value as JSON text, in the query
 * string for GET and in an x-www-form-urlencoded body for every other method.
 */

/**
 * Request parameters by wire name. Values are strings, numbers, booleans, null, lists or
 * objects; `undefined` means "leave the parameter out".
 */
export type Params = Readonly<Record<string, unknown>>;

/** Text of one parameter value on the wire. */
export function encodeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `a=1&b=%5B1%2C2%5D`, skipping parameters whose value is undefined. */
export function encodeParams(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, encodeValue(value));
  }
  return search.toString();
}

/** One path segment, e.g. an id; escaped so that no value can change the path's shape. */
export function pathSegment(value: number | string): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`path parameter must be an integer, got ${value}`);
  }
  return encodeURIComponent(String(value));
}
