import { describe, expect, it } from 'vitest';
import {
  checkNewUser,
  checkSnippet,
  parsePrincipals,
} from '../../../../src/renderer/views/admin/rules-people/forms.ts';
import {
  canChoose,
  choiceOf,
} from '../../../../src/renderer/views/admin/rules-people/notify-choice.ts';

describe('people form rules', () => {
  it('requires every field of a new user and a real email', () => {
    expect(checkNewUser({ email: '', password: '', fullName: ' ' })).toEqual({
      email: 'required',
      password: 'required',
      fullName: 'required',
    });
    expect(checkNewUser({ email: 'nope', password: 'x', fullName: 'N' })).toEqual({
      email: 'not an email address',
    });
    expect(checkNewUser({ email: 'n@p.test', password: 'x', fullName: 'N' })).toEqual({});
  });

  it('requires a non-empty snippet title and content', () => {
    expect(checkSnippet({ title: '', content: '' })).toEqual({
      title: 'required, must not be empty',
      content: 'required, must not be empty',
    });
    expect(checkSnippet({ title: 'Hi', content: 'there' })).toEqual({});
  });

  it('takes principals as ids or emails but not a mix', () => {
    expect(parsePrincipals('4, 5\n5')).toEqual({ ids: [4, 5] });
    expect(parsePrincipals('a@p.test b@p.test')).toEqual({ emails: ['a@p.test', 'b@p.test'] });
    expect(parsePrincipals('4, a@p.test')).toEqual({
      error: 'use either user ids or emails, not both',
    });
    expect(parsePrincipals('bob')).toHaveProperty('error');
    expect(parsePrincipals('  ')).toBeUndefined();
  });

  it('maps notification overrides to inherit, on and off', () => {
    expect([choiceOf(null), choiceOf(true), choiceOf(false)]).toEqual(['inherit', 'on', 'off']);
    expect(canChoose('on', null)).toBe(true);
    expect(canChoose('off', true)).toBe(true);
    expect(canChoose('inherit', null)).toBe(true);
    // Spec 4.11 only sends booleans: an override cannot be cleared back to inherit.
    expect(canChoose('inherit', false)).toBe(false);
  });
});
