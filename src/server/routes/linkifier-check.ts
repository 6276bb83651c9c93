/**
 * Validation of a linkifier (spec 4.16): the pattern compiles, the URL template only uses
 * the pattern's named groups, and a reverse template regenerates the example input from
 * the variables the pattern extracts from it.
 */
import { runInNewContext } from 'node:vm';
import safeRegex from 'safe-regex2';
import { badRequest, invalid } from '../http/errors.ts';

const MATCH_TIMEOUT_MS = 100;

export interface LinkifierInput {
  pattern: string;
  urlTemplate: string;
  reverseTemplate: string | null;
  alternatives: string[];
  example: string | undefined;
  templateName: string;
}

export function checkLinkifier(l: LinkifierInput): void {
  let regex: RegExp;
  try {
    // Python-style named groups are accepted as clients send them.
    regex = new RegExp(l.pattern.replace(/\(\?P</g, '(?<'), 'u');
  } catch {
    throw invalid('pattern', 'is not a valid regular expression');
  }
  // A stored pattern runs on every message, topic and description without a deadline; a
  // nested repetition like (a+)+ would let one message freeze the server (and the app that
  // embeds it as its demo) for hours. safe-regex2 refuses those by their star height.
  if (!safeRegex(regex.source)) {
    throw invalid('pattern', 'has nested repetition, which can take exponential time to match');
  }
  const groups = new Set(Object.keys(new RegExp(`${regex.source}|`, 'u').exec('')?.groups ?? {}));
  for (const template of [l.urlTemplate, ...l.alternatives]) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(template))
      throw invalid(l.templateName, 'is not a URL template');
    for (const v of templateVariables(template)) {
      if (!groups.has(v))
        throw badRequest(`Group "${v}" in URL template is not present in pattern.`);
    }
  }
  if (l.reverseTemplate === null) return;
  for (const v of templateVariables(l.reverseTemplate)) {
    if (!groups.has(v))
      throw badRequest(`Group "${v}" in reverse template is not present in pattern.`);
  }
  if (l.example === undefined) return;
  const groupsFound = matchWithDeadline(`^(?:${regex.source})$`, l.example);
  if (!groupsFound) throw badRequest('Example input does not match the pattern.');
  const regenerated = fillTemplate(l.reverseTemplate, groupsFound);
  if (regenerated !== l.example)
    throw badRequest('Reverse template does not regenerate the example input.');
}

/**
 * A client-supplied pattern can backtrack for ever; running it in a VM context with a
 * timeout keeps one request from freezing the server.
 */
function matchWithDeadline(
  source: string,
  input: string,
): Record<string, string | undefined> | null {
  try {
    const m = runInNewContext(
      'new RegExp(source, "u").exec(input)',
      { source, input },
      { timeout: MATCH_TIMEOUT_MS },
    ) as (RegExpExecArray & { groups?: Record<string, string | undefined> }) | null;
    return m ? { ...m.groups } : null;
  } catch {
    throw badRequest('The pattern takes too long to match the example input.');
  }
}

function templateVariables(template: string): string[] {
  const stripped = template.replace(/\{\{|\}\}/g, '');
  return [...stripped.matchAll(/\{([^{}]+)\}/g)].map((m) =>
    (m[1] as string).replace(/^[+#./;?&]/, ''),
  );
}

function fillTemplate(template: string, vars: Record<string, string | undefined>): string {
  return template.replace(/\{\{|\}\}|\{([^{}]+)\}/g, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return vars[name ?? ''] ?? '';
  });
}
