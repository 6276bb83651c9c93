/**
 * The live preview of a new linkifier (spec 4.16): runs the pattern over the example input,
 * expands the URL template with each match's named groups, and checks that the reverse
 * template regenerates the example from the groups, as the server will.
 */
import { expandTemplate, templateVariables } from './uri-template.ts';
import { fillReverseTemplate, parseReverseTemplate, reverseVariables } from './reverse-template.ts';

export interface LinkifierDraft {
  pattern: string;
  urlTemplate: string;
  /** Empty means no reverse template. */
  reverseTemplate: string;
  alternativeUrlTemplates: readonly string[];
  exampleInput: string;
}

export type LinkifierField =
  'pattern' | 'urlTemplate' | 'reverseTemplate' | 'alternativeUrlTemplates' | 'exampleInput';

export interface LinkifierPreview {
  /** Each broken rule, named for the field it belongs to. */
  problems: { field: LinkifierField; rule: string }[];
  groups: string[];
  /** Each place the pattern matches the example input, and the link it would become. */
  matches: { text: string; url: string }[];
  /** The example as the reverse template rebuilds it from the whole-input match. */
  regenerated: string | undefined;
}

/** Above this many matches the preview stops listing them. */
const MAX_MATCHES = 20;

/** Patterns arrive in the server's dialect, which writes named groups as (?P<name>...). */
export function compilePattern(
  pattern: string,
): { regex: RegExp; groups: string[] } | { error: string } {
  if (pattern === '') return { error: 'required' };
  try {
    const regex = new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
    const probe = new RegExp(`${regex.source}|`, 'u').exec('');
    return { regex, groups: Object.keys(probe?.groups ?? {}) };
  } catch (err) {
    const why =
      err instanceof Error ? err.message.replace(/^Invalid regular expression: /, '') : '';
    return { error: `not a valid regular expression${why ? ` (${why})` : ''}` };
  }
}

function unknownGroups(names: readonly string[], groups: readonly string[]): string[] {
  return [...new Set(names.filter((n) => !groups.includes(n)))];
}

function checkUrlTemplate(
  template: string,
  groups: readonly string[],
  field: LinkifierField,
): LinkifierPreview['problems'] {
  const vars = templateVariables(template);
  if ('error' in vars) return [{ field, rule: vars.error }];
  const problems: LinkifierPreview['problems'] = unknownGroups(vars.names, groups).map((n) => ({
    field,
    rule: `{${n}} is not a named group of the pattern`,
  }));
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(template)) {
    problems.push({ field, rule: 'must be an absolute URL, e.g. https://…' });
  }
  return problems;
}

function groupsOf(m: RegExpExecArray): Record<string, string | undefined> {
  return { ...m.groups };
}

export function previewLinkifier(draft: LinkifierDraft): LinkifierPreview {
  const problems: LinkifierPreview['problems'] = [];
  const compiled = compilePattern(draft.pattern);
  if ('error' in compiled) {
    problems.push({ field: 'pattern', rule: compiled.error });
    return { problems, groups: [], matches: [], regenerated: undefined };
  }
  const { regex, groups } = compiled;

  if (draft.urlTemplate === '') problems.push({ field: 'urlTemplate', rule: 'required' });
  else problems.push(...checkUrlTemplate(draft.urlTemplate, groups, 'urlTemplate'));
  for (const alt of draft.alternativeUrlTemplates) {
    problems.push(...checkUrlTemplate(alt, groups, 'alternativeUrlTemplates'));
  }

  const matches: LinkifierPreview['matches'] = [];
  regex.lastIndex = 0;
  for (const m of draft.exampleInput.matchAll(regex)) {
    if (m[0] === '') continue;
    matches.push({ text: m[0], url: expandTemplate(draft.urlTemplate, groupsOf(m)) });
    if (matches.length >= MAX_MATCHES) break;
  }
  if (draft.exampleInput !== '' && matches.length === 0) {
    problems.push({ field: 'exampleInput', rule: 'the pattern does not match this text' });
  }

  let regenerated: string | undefined;
  if (draft.reverseTemplate !== '') {
    const parsed = parseReverseTemplate(draft.reverseTemplate);
    if ('error' in parsed) {
      problems.push({ field: 'reverseTemplate', rule: parsed.error });
    } else {
      for (const n of unknownGroups(reverseVariables(parsed.pieces), groups)) {
        problems.push({
          field: 'reverseTemplate',
          rule: `{${n}} is not a named group of the pattern`,
        });
      }
      regenerated = regenerate(draft, regex, parsed.pieces, problems);
    }
  }
  return { problems, groups, matches, regenerated };
}

/** The server checks the reverse template against the whole example input, not a part of it. */
function regenerate(
  draft: LinkifierDraft,
  regex: RegExp,
  pieces: Parameters<typeof fillReverseTemplate>[0],
  problems: LinkifierPreview['problems'],
): string | undefined {
  if (draft.exampleInput === '') {
    problems.push({
      field: 'exampleInput',
      rule: 'give an example so the reverse template can be checked',
    });
    return undefined;
  }
  const whole = new RegExp(`^(?:${regex.source})$`, 'u').exec(draft.exampleInput);
  if (!whole) {
    problems.push({ field: 'exampleInput', rule: 'the pattern must match the whole example' });
    return undefined;
  }
  const text = fillReverseTemplate(pieces, groupsOf(whole));
  if (text !== draft.exampleInput) {
    problems.push({
      field: 'reverseTemplate',
      rule: `regenerates "${text}", not the example input`,
    });
  }
  return text;
}
