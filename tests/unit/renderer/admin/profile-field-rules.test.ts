import { describe, expect, it } from 'vitest';
import {
  checkField,
  fieldData,
  type FieldDraft,
} from '../../../../src/renderer/views/admin/rules/profile-field-rules.ts';

const draft = (over: Partial<FieldDraft>): FieldDraft => ({
  name: 'Team',
  hint: '',
  fieldType: 1,
  choices: [],
  subtype: '',
  urlPattern: '',
  inSummary: false,
  useForUserMatching: false,
  ...over,
});

describe('profile field rules', () => {
  it('allows at most two summary fields organization-wide', () => {
    const one = [{ name: 'A', inSummary: true }];
    const two = [...one, { name: 'B', inSummary: true }];
    expect(checkField(draft({ inSummary: true }), one, 496).inSummary).toBeUndefined();
    expect(checkField(draft({ inSummary: true }), two, 496).inSummary).toMatch(/At most 2/);
  });

  it('refuses users fields in the summary, and paragraphs before FL 476', () => {
    expect(checkField(draft({ fieldType: 6, inSummary: true }), [], 496).inSummary).toMatch(
      /Users/,
    );
    expect(checkField(draft({ fieldType: 2, inSummary: true }), [], 475).inSummary).toMatch(
      /too old to show paragraph fields/,
    );
    expect(checkField(draft({ fieldType: 2, inSummary: true }), [], 476).inSummary).toBeUndefined();
  });

  it('allows user matching only for short text and external accounts', () => {
    expect(
      checkField(draft({ fieldType: 4, useForUserMatching: true }), [], 496).matching,
    ).toBeDefined();
    expect(
      checkField(draft({ fieldType: 1, useForUserMatching: true }), [], 496).matching,
    ).toBeUndefined();
  });

  it('needs distinct non-empty choices for a dropdown and sends them keyed with order', () => {
    expect(checkField(draft({ fieldType: 3, choices: [] }), [], 496).choices).toMatch(
      /at least one/,
    );
    expect(checkField(draft({ fieldType: 3, choices: ['a', 'A'] }), [], 496).choices).toMatch(
      /differ/,
    );
    const d = draft({ fieldType: 3, choices: ['Red ', 'Blue'] });
    expect(checkField(d, [], 496)).toEqual({});
    expect(fieldData(d)).toEqual({
      '0': { text: 'Red', order: '0' },
      '1': { text: 'Blue', order: '1' },
    });
  });

  it('needs a subtype for an external account and a username placeholder for a custom one', () => {
    expect(checkField(draft({ fieldType: 7, name: '' }), [], 496).subtype).toBeDefined();
    expect(
      checkField(draft({ fieldType: 7, subtype: 'custom', urlPattern: 'https://x.org/u' }), [], 496)
        .urlPattern,
    ).toMatch(/%\(username\)s/);
    expect(
      fieldData(draft({ fieldType: 7, subtype: 'custom', urlPattern: 'https://x/%(username)s' })),
    ).toEqual({
      subtype: 'custom',
      url_pattern: 'https://x/%(username)s',
    });
  });

  it('refuses a name already in use, whatever its case', () => {
    expect(
      checkField(draft({ name: 'team' }), [{ name: 'Team', inSummary: false }], 496).name,
    ).toBeDefined();
  });
});
