/**
 * The one engine for an organization's linkifier patterns, wherever Perch runs them: the
 * reference server's Markdown and topics, its checks at creation, and the admin panel's
 * live preview. Like the widely deployed server, it uses RE2 semantics (re2js, pure JS, so
 * the same code runs in Node and the browser): matching takes time linear in the text, so
 * no pattern an administrator saves can let a member's message freeze anything, and a
 * pattern RE2 cannot compile (backreferences, lookaround) is refused up front.
 */
import { RE2JS, RE2JSException } from 're2js';

export interface LinkifierRegex {
  readonly re: RE2JS;
  /** Named groups in pattern order; RE2 reads the server's `(?P<name>...)` as it is. */
  readonly groups: readonly string[];
}

export interface PatternMatch {
  /** Offset in the text, in UTF-16 code units as String.prototype.slice counts them. */
  index: number;
  text: string;
  groups: Record<string, string | undefined>;
}

/** Why RE2 refuses some Perl/JavaScript syntax an administrator may paste, in plain words. */
const UNSUPPORTED: readonly [RegExp, string][] = [
  // An odd run of backslashes before the digit: `\\1` is a literal backslash and a 1.
  [/(?<!\\)(?:\\\\)*\\(?:[1-9]|k<)/, 'backreferences are not supported'],
  [/\(\?<?[=!]/, 'lookahead and lookbehind are not supported'],
];

export function compileLinkifierRegex(pattern: string): LinkifierRegex | { error: string } {
  try {
    const re = RE2JS.compile(pattern);
    const named = re.namedGroups();
    const groups = Object.keys(named).sort((a, b) => (named[a] ?? 0) - (named[b] ?? 0));
    return { re, groups };
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err;
    const detail = err.message.replace(/^error parsing regexp: /, '');
    const hint = UNSUPPORTED.find(([syntax]) => syntax.test(pattern))?.[1];
    return { error: hint ? `${detail}; ${hint}` : detail };
  }
}

function groupsOf(
  m: ReturnType<RE2JS['matcher']>,
  names: readonly string[],
): PatternMatch['groups'] {
  const out: PatternMatch['groups'] = {};
  for (const name of names) out[name] = m.group(name) ?? undefined;
  return out;
}

/** Each non-empty match in `text`, left to right, at most `limit` of them. */
export function findMatches(
  regex: LinkifierRegex,
  text: string,
  limit = Number.POSITIVE_INFINITY,
): PatternMatch[] {
  const out: PatternMatch[] = [];
  const m = regex.re.matcher(text);
  while (out.length < limit && m.find()) {
    const index = m.start();
    const found = m.group() ?? '';
    if (found === '') continue;
    out.push({ index, text: found, groups: groupsOf(m, regex.groups) });
  }
  return out;
}

/** Where the first non-empty match starts, without collecting the rest. */
export function firstMatchIndex(regex: LinkifierRegex, text: string): number | undefined {
  return findMatches(regex, text, 1)[0]?.index;
}

/** The non-empty match starting at the very beginning of `text`, if any, found without scanning on. */
export function matchAtStart(regex: LinkifierRegex, text: string): PatternMatch | undefined {
  const m = regex.re.matcher(text);
  if (!m.lookingAt()) return undefined;
  const found = m.group() ?? '';
  return found === '' ? undefined : { index: 0, text: found, groups: groupsOf(m, regex.groups) };
}

/** The named groups when the pattern matches the whole of `text`, else null. */
export function matchWhole(regex: LinkifierRegex, text: string): PatternMatch['groups'] | null {
  const m = regex.re.matcher(text);
  return m.matches() ? groupsOf(m, regex.groups) : null;
}
