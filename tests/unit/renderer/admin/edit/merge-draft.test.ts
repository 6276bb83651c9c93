import { describe, expect, it } from 'vitest';
import { mergeDraft } from '../../../../../src/renderer/views/admin/edit/merge-draft.ts';

const base = { name: 'Desk', hint: 'Where you sit' };

describe('an edit form meets the server’s newer version', () => {
  it('a field the user left alone follows the other change', () => {
    const mine = { name: 'Seat', hint: 'Where you sit' };
    const server = { name: 'Desk', hint: 'Your desk number' };
    expect(mergeDraft(base, mine, server)).toEqual({
      value: { name: 'Seat', hint: 'Your desk number' },
      conflict: false,
    });
  });

  it('a field both changed differently is a conflict, and the user’s text stays', () => {
    const mine = { name: 'Seat', hint: 'Where you sit' };
    const server = { name: 'Bench', hint: 'Where you sit' };
    expect(mergeDraft(base, mine, server)).toEqual({ value: mine, conflict: true });
  });

  it('the same change on both sides (the user’s own save arriving) is no conflict', () => {
    const mine = { name: 'Seat', hint: 'Where you sit' };
    expect(mergeDraft(base, mine, { ...mine })).toEqual({ value: mine, conflict: false });
  });

  it('compares lists and objects by value', () => {
    const b = { choices: [{ key: '0', text: 'Apples' }] };
    const mine = {
      choices: [
        { key: '0', text: 'Apples' },
        { key: undefined, text: 'Figs' },
      ],
    };
    const server = { choices: [{ key: '0', text: 'Pears' }] };
    expect(mergeDraft(b, mine, server).conflict).toBe(true);
    expect(mergeDraft(b, { choices: [{ key: '0', text: 'Apples' }] }, server).value).toEqual(
      server,
    );
  });
});
