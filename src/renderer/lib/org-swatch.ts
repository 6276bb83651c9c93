/** What stands in for an organization's icon: its initials on a colour of its own. */

/** Up to two initials from the organization's name ("Perch Demo" → "PD"). */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((w) => [...w][0]!.toUpperCase());
  return letters.join('') || '?';
}

/** Dark enough that white initials keep a 4.5:1 contrast at every hue (yellow is the worst). */
export const SATURATION = 55;
export const LIGHTNESS = 28;

/**
 * A colour that stays the same for an organization across runs (derived from its URL) and
 * keeps white initials readable: fixed saturation and a lightness dark enough for contrast.
 * The hash is mixed (MurmurHash3's finalizer) so that addresses differing only at the end
 * (a port, a last letter) land on unrelated hues instead of neighbouring ones.
 */
export function swatchOf(url: string): string {
  let hash = 0;
  for (const ch of url) hash = (Math.imul(hash, 31) + ch.codePointAt(0)!) >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return `hsl(${hash % 360} ${SATURATION}% ${LIGHTNESS}%)`;
}
