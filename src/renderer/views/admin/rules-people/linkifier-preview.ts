/**
 * The live preview of a new linkifier (spec 4.16): runs the pattern over the example input,
 * expands the URL template with each match's named groups, and checks that the reverse
 * template regenerates the example from the groups, as the server will.
 */
import {
  compileLinkifierRegex,
  findMatches,
  matchWhole,
  type LinkifierRegex,
} from '../../../../lib/linkifier-regex.ts';
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

/**
 * The server's engine (RE2, linear time), so the preview accepts exactly what the server
 * will, and no pattern an administrator types can hang the page.
 */
export function compilePattern(pattern: string): LinkifierRegex | { error: string } {
  if (pattern === '') return { error: 'required' };
  const compiled = compileLinkifierRegex(pattern);
  return 'error' in compiled
    ? { error: `not a valid regular expression: ${compiled.error}` }
    : compiled;
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

export function previewLinkifier(draft: LinkifierDraft): LinkifierPreview {
  const problems: LinkifierPreview['problems'] = [];
  const compiled = compilePattern(draft.pattern);
  if ('error' in compiled) {
    problems.push({ field: 'pattern', rule: compiled.error });
    return { problems, groups: [], matches: [], regenerated: undefined };
  }
  const regex = compiled;
  const groups = [...compiled.groups];

  if (draft.urlTemplate === '') problems.push({ field: 'urlTemplate', rule: 'required' });
  else problems.push(...checkUrlTemplate(draft.urlTemplate, groups, 'urlTemplate'));
  for (const alt of draft.alternativeUrlTemplates) {
    problems.push(...checkUrlTemplate(alt, groups, 'alternativeUrlTemplates'));
  }

  const matches: LinkifierPreview['matches'] = [];
  for (const m of findMatches(regex, draft.exampleInput, MAX_MATCHES)) {
    matches.push({ text: m.text, url: expandTemplate(draft.urlTemplate, m.groups) });
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
  regex: LinkifierRegex,
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
  const whole = matchWhole(regex, draft.exampleInput);
  if (!whole) {
    problems.push({ field: 'exampleInput', rule: 'the pattern must match the whole example' });
    return undefined;
  }
  const text = fillReverseTemplate(pieces, whole);
  if (text !== draft.exampleInput) {
    problems.push({
      field: 'reverseTemplate',
      rule: `regenerates "${text}", not the example input`,
    });
  }
  return text;
}
