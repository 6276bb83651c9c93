import { describe, expect, it } from 'vitest';
import {
  compilePattern,
  previewLinkifier,
  type LinkifierDraft,
} from '../../../../src/renderer/views/admin/rules-people/linkifier-preview.ts';

const draft = (over: Partial<LinkifierDraft>): LinkifierDraft => ({
  pattern: '#(?P<id>[0-9]+)',
  urlTemplate: 'https://tracker.test/issues/{id}',
  reverseTemplate: '',
  alternativeUrlTemplates: [],
  exampleInput: '',
  ...over,
});

describe('linkifier preview', () => {
  it('accepts the server dialect of named groups and lists them', () => {
    expect(compilePattern('(?P<org>[a-z]+)/(?P<num>\\d+)')).toMatchObject({
      groups: ['org', 'num'],
    });
    expect(compilePattern('(unclosed')).toMatchObject({
      error: expect.stringContaining('regular expression'),
    });
    expect(compilePattern('')).toEqual({ error: 'required' });
  });

  it('shows every match in the example with the link it becomes', () => {
    const p = previewLinkifier(draft({ exampleInput: 'see #12 and #345' }));
    expect(p.problems).toEqual([]);
    expect(p.matches).toEqual([
      { text: '#12', url: 'https://tracker.test/issues/12' },
      { text: '#345', url: 'https://tracker.test/issues/345' },
    ]);
  });

  it('names template variables the pattern does not capture', () => {
    const p = previewLinkifier(draft({ urlTemplate: 'https://tracker.test/{repo}/{id}' }));
    expect(p.problems).toEqual([
      { field: 'urlTemplate', rule: '{repo} is not a named group of the pattern' },
    ]);
    const alt = previewLinkifier(draft({ alternativeUrlTemplates: ['https://t.test/{nope}'] }));
    expect(alt.problems[0]?.field).toBe('alternativeUrlTemplates');
  });

  it('requires an absolute URL template', () => {
    const p = previewLinkifier(draft({ urlTemplate: 'tracker/{id}' }));
    expect(p.problems.map((x) => x.field)).toEqual(['urlTemplate']);
  });

  it('says when the example input does not match the pattern', () => {
    const p = previewLinkifier(draft({ exampleInput: 'no issue here' }));
    expect(p.problems).toEqual([
      { field: 'exampleInput', rule: 'the pattern does not match this text' },
    ]);
  });

  it('confirms a reverse template that regenerates the whole example', () => {
    const p = previewLinkifier(draft({ reverseTemplate: '#{id}', exampleInput: '#99' }));
    expect(p.problems).toEqual([]);
    expect(p.regenerated).toBe('#99');
  });

  it('flags a reverse template that produces something else', () => {
    const p = previewLinkifier(draft({ reverseTemplate: 'issue {id}', exampleInput: '#99' }));
    expect(p.regenerated).toBe('issue 99');
    expect(p.problems).toEqual([
      { field: 'reverseTemplate', rule: 'regenerates "issue 99", not the example input' },
    ]);
  });

  it('needs a whole-input example to check a reverse template', () => {
    expect(previewLinkifier(draft({ reverseTemplate: '#{id}' })).problems).toEqual([
      { field: 'exampleInput', rule: 'give an example so the reverse template can be checked' },
    ]);
    const partial = previewLinkifier(draft({ reverseTemplate: '#{id}', exampleInput: 'x #9' }));
    expect(partial.problems).toEqual([
      { field: 'exampleInput', rule: 'the pattern must match the whole example' },
    ]);
  });

  it('handles literal braces in the reverse template', () => {
    const p = previewLinkifier(
      draft({ pattern: '\\{(?P<id>\\d+)\\}', reverseTemplate: '{{{id}}}', exampleInput: '{5}' }),
    );
    expect(p.problems).toEqual([]);
    expect(p.matches).toEqual([{ text: '{5}', url: 'https://tracker.test/issues/5' }]);
  });

  it('names unknown reverse-template variables', () => {
    const p = previewLinkifier(draft({ reverseTemplate: '#{num}', exampleInput: '#1' }));
    expect(p.problems[0]).toEqual({
      field: 'reverseTemplate',
      rule: '{num} is not a named group of the pattern',
    });
  });

  it('refuses what the server refuses: a backreference, with the reason', () => {
    const p = previewLinkifier(draft({ pattern: '#(?P<id>[0-9])\\1', exampleInput: '#11' }));
    expect(p.problems).toEqual([
      {
        field: 'pattern',
        rule: 'not a valid regular expression: invalid escape sequence: `\\1`; backreferences are not supported',
      },
    ]);
  });

  it.each(['(?P<id>(a|a)*)b', '(?P<id>(a|aa)*)b', '(?P<id>\\d*\\d*\\d*)x'])(
    'previews %s over a 10 000-character adversarial example without hanging',
    (pattern) => {
      for (const ch of ['a', '1']) {
        const p = previewLinkifier(
          draft({ pattern, reverseTemplate: '{id}b', exampleInput: ch.repeat(10_000) }),
        );
        expect(p.matches).toEqual([]);
        expect(p.problems.map((x) => x.rule)).toEqual([
          'the pattern does not match this text',
          'the pattern must match the whole example',
        ]);
      }
    },
  );
});
