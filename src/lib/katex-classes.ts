/**
 * The classes KaTeX 0.17 gave a `katex-` prefix (`base` became `katex-base`). Upstream's
 * servers ship an earlier KaTeX, so their HTML has the bare names; Perch bundles a later
 * one, whose stylesheet styles the prefixed names.
 */
export const KATEX_PREFIXED = new Set([
  'accent',
  'base',
  'fix',
  'hdashline',
  'hline',
  'inner',
  'newline',
  'overlay',
  'overline',
  'root',
  'rule',
  'sizing',
  'smash',
  'sout',
  'stretchy',
  'strut',
  'tag',
  'thinbox',
  'underline',
  'vbox',
]);

/** A class attribute's value with KaTeX's prefixed classes named as upstream's KaTeX does. */
export function katexClassesAsUpstream(value: string): string {
  return value.replace(/\bkatex-([a-z]+)\b/g, (whole, name: string) =>
    KATEX_PREFIXED.has(name) ? name : whole,
  );
}
