/**
 * RFC 6570 URI templates up to level 3, for string values: what a linkifier's URL template
 * (spec 4.16) becomes once a pattern's named groups are filled in.
 */

interface Operator {
  first: string;
  separator: string;
  /** `;`, `?` and `&` write `name=value`. */
  named: boolean;
  /** What follows the name when the value is empty. */
  ifEmpty: string;
  /** `+` and `#` keep reserved characters as they are. */
  allowReserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

const EXPRESSION = /\{([^{}]*)\}/g;
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

interface VarSpec {
  name: string;
  /** The `:n` prefix modifier: at most n characters of the value. */
  prefix: number | undefined;
}

interface Expression {
  operator: Operator;
  vars: VarSpec[];
}

function parseExpression(body: string): Expression | string {
  const opChar = /^[+#./;?&]/.test(body) ? body.charAt(0) : '';
  const operator = OPERATORS[opChar];
  if (!operator) return `unsupported operator in {${body}}`;
  const vars: VarSpec[] = [];
  for (const spec of body.slice(opChar.length).split(',')) {
    const m = /^(.*?)(?::(\d{1,4})|\*)?$/.exec(spec);
    const name = m?.[1] ?? '';
    if (!VARNAME.test(name)) return `"{${body}}" is not a valid template expression`;
    vars.push({ name, prefix: m?.[2] === undefined ? undefined : Number(m[2]) });
  }
  return { operator, vars };
}

/** Every variable name the template uses, or the first syntax problem. */
export function templateVariables(template: string): { names: string[] } | { error: string } {
  const names: string[] = [];
  const outside = template.replace(EXPRESSION, (_whole, body: string) => {
    const parsed = parseExpression(body);
    if (typeof parsed === 'string') names.push(`\0${parsed}`);
    else names.push(...parsed.vars.map((v) => v.name));
    return '';
  });
  const bad = names.find((n) => n.startsWith('\0'));
  if (bad) return { error: bad.slice(1) };
  if (/[{}]/.test(outside)) return { error: 'a brace outside a {variable} expression' };
  return { names };
}

function encode(value: string, allowReserved: boolean): string {
  const keep = allowReserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/ : /[A-Za-z0-9\-._~]/;
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value.charAt(i);
    // An existing %XX triplet stays as it is in reserved expansion.
    if (allowReserved && ch === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      out += value.slice(i, i + 3);
      i += 2;
    } else if (keep.test(ch)) out += ch;
    else {
      const cp = value.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(cp);
      for (const byte of new TextEncoder().encode(char)) {
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
      i += char.length - 1;
    }
  }
  return out;
}

/** Expands the template with the given values; variables without a value are left out. */
export function expandTemplate(
  template: string,
  values: Readonly<Record<string, string | undefined>>,
): string {
  return template.replace(EXPRESSION, (whole, body: string) => {
    const parsed = parseExpression(body);
    if (typeof parsed === 'string') return whole;
    const { operator, vars } = parsed;
    const parts: string[] = [];
    for (const v of vars) {
      const raw = values[v.name];
      if (raw === undefined) continue;
      const cut = v.prefix === undefined ? raw : [...raw].slice(0, v.prefix).join('');
      const value = encode(cut, operator.allowReserved);
      if (!operator.named) parts.push(value);
      else parts.push(value === '' ? `${v.name}${operator.ifEmpty}` : `${v.name}=${value}`);
    }
    return parts.length === 0 ? '' : operator.first + parts.join(operator.separator);
  });
}
