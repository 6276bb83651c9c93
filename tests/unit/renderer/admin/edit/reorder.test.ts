import { describe, expect, it } from 'vitest';
import { goneSentence, moved } from '../../../../../src/renderer/views/admin/edit/reorder.ts';
import {
  changesOf,
  startEdit,
} from '../../../../../src/renderer/views/admin/edit/profile-field-edit.ts';

describe('moved', () => {
  it('swaps an item with its neighbour, and refuses to move past either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toBeUndefined();
    expect(moved([1, 2, 3], 2, 1)).toBeUndefined();
  });
});

describe('goneSentence', () => {
  it('speaks only when the item is gone', () => {
    expect(goneSentence('field', 'Desk', true)).toBeUndefined();
    expect(goneSentence('field', 'Desk', false)).toContain('“Desk” no longer exists');
  });
});

describe('profile field changes', () => {
  const fruit = {
    id: 5,
    name: 'Fruit',
    fieldType: 3,
    inSummary: false,
    hint: '',
    fieldData: { a: { text: 'Apples', order: '0' }, b: { text: 'Pears', order: '1' } },
    required: false,
    editableByUser: true,
  };

  it('keeps the keys of existing choices so people keep their answers; new ones get fresh keys', () => {
    const edit = startEdit(fruit);
    edit.choices[1]!.text = 'Plums';
    edit.choices.unshift({ key: undefined, text: 'Figs' });
    expect(changesOf(fruit, edit, 420).fieldData).toEqual({
      '0': { text: 'Figs', order: '0' },
      a: { text: 'Apples', order: '1' },
      b: { text: 'Plums', order: '2' },
    });
  });

  it('sends only what changed, and nothing an older server does not know', () => {
    const edit = startEdit(fruit);
    expect(changesOf(fruit, edit, 420)).toEqual({});
    edit.required = true;
    edit.name = ' Fruits ';
    expect(changesOf(fruit, edit, 420)).toEqual({ name: 'Fruits', required: true });
    expect(changesOf(fruit, edit, 243)).toEqual({ name: 'Fruits' });
  });
});
