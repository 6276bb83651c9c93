import { describe, expect, it } from 'vitest';
import {
  fillReverseTemplate,
  parseReverseTemplate,
  reverseVariables,
} from '../../../../src/renderer/views/admin/rules-people/reverse-template.ts';

function pieces(template: string) {
  const parsed = parseReverseTemplate(template);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.pieces;
}

describe('reverse templates', () => {
  it('fills variables and turns doubled braces into literal ones', () => {
    const p = pieces('{{#{id}}} in {repo}');
    expect(reverseVariables(p)).toEqual(['id', 'repo']);
    expect(fillReverseTemplate(p, { id: '7', repo: 'perch' })).toBe('{#7} in perch');
  });

  it('names a lone brace as the broken rule', () => {
    expect(parseReverseTemplate('#{id')).toEqual({ error: expect.stringContaining('{{') });
    expect(parseReverseTemplate('#id}')).toEqual({ error: expect.stringContaining('}}') });
    expect(parseReverseTemplate('#{1x}')).toHaveProperty('error');
  });
});
