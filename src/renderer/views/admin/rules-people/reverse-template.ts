/**
 * A linkifier's reverse template (spec 4.16): `{variable}` placeholders, `{{` and `}}` for
 * literal braces. Turns a link back into the text that produced it.
 */

type Piece = { literal: string } | { variable: string };

/** The template's pieces, or why it cannot be read. */
export function parseReverseTemplate(template: string): { pieces: Piece[] } | { error: string } {
  const pieces: Piece[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const two = template.slice(i, i + 2);
    if (two === '{{' || two === '}}') {
      literal += two.charAt(0);
      i += 2;
      continue;
    }
    const ch = template.charAt(i);
    if (ch === '}') return { error: 'a lone "}": write }} for a literal brace' };
    if (ch === '{') {
      const end = template.indexOf('}', i + 1);
      const name = end === -1 ? '' : template.slice(i + 1, end);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        return { error: 'a lone "{": write {{ for a literal brace, or {name} for a variable' };
      }
      if (literal) pieces.push({ literal });
      literal = '';
      pieces.push({ variable: name });
      i = end + 1;
      continue;
    }
    literal += ch;
    i += 1;
  }
  if (literal) pieces.push({ literal });
  return { pieces };
}

export function reverseVariables(pieces: readonly Piece[]): string[] {
  return pieces.flatMap((p) => ('variable' in p ? [p.variable] : []));
}

export function fillReverseTemplate(
  pieces: readonly Piece[],
  values: Readonly<Record<string, string | undefined>>,
): string {
  return pieces.map((p) => ('literal' in p ? p.literal : (values[p.variable] ?? ''))).join('');
}
