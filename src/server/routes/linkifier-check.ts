/**
 * Validation of a linkifier (spec 4.16): the pattern compiles, the URL template only uses
 * the pattern's named groups, and a reverse template regenerates the example input from
 * the variables the pattern extracts from it.
 */
import { compileLinkifierRegex, matchWhole } from '../../lib/linkifier-regex.ts';
import { badRequest, invalid } from '../http/errors.ts';

export interface LinkifierInput {
  pattern: string;
  urlTemplate: string;
  reverseTemplate: string | null;
  alternatives: string[];
  example: string | undefined;
  templateName: string;
}

export function checkLinkifier(l: LinkifierInput): void {
  // RE2 semantics, as upstream: a stored pattern runs on every message, topic and
  // description, so matching must stay linear; what RE2 cannot compile is refused here.
  const regex = compileLinkifierRegex(l.pattern);
  if ('error' in regex) throw badRequest(`Bad regular expression: ${regex.error}`);
  const groups = new Set(regex.groups);
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
  const groupsFound = matchWhole(regex, l.example);
  if (!groupsFound) throw badRequest('Example input does not match the pattern.');
  const regenerated = fillTemplate(l.reverseTemplate, groupsFound);
  if (regenerated !== l.example)
    throw badRequest('Reverse template does not regenerate the example input.');
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
