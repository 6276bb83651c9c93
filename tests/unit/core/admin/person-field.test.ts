import { describe, expect, it } from 'vitest';
import { personFieldText } from '../../../../src/core/admin/person-field.ts';

describe('personFieldText', () => {
  const names = new Map([
    [12, 'Ada Lovelace'],
    [31, 'Bo Li'],
  ]);
  const nameOf = (id: number) => names.get(id);

  it('names the people a "Users" profile field holds', () => {
    expect(personFieldText('[12,31]', nameOf)).toBe('Ada Lovelace, Bo Li');
  });

  it('says "a former member" for someone no longer in the directory, never the number', () => {
    expect(personFieldText('[12, 999]', nameOf)).toBe('Ada Lovelace, a former member');
  });

  it('leaves a value that is not a list of ids as it is', () => {
    expect(personFieldText('Lisbon', nameOf)).toBe('Lisbon');
    expect(personFieldText('["x"]', nameOf)).toBe('["x"]');
  });
});
