import { describe, expect, it } from 'vitest';
import { cardFields } from '../../../../src/core/people/card-fields.ts';

const field = (id: number, name: string, field_type: number, field_data = {}) => ({
  id,
  name,
  field_type,
  field_data,
});

describe('cardFields', () => {
  const names: Record<number, string> = { 7: 'Ada Admin', 9: 'Mel Member' };
  const nameOf = (id: number) => names[id] ?? 'a former member';

  it('shows a choice by its words, people by name, links only for web addresses, in order', () => {
    const out = cardFields(
      [
        field(1, 'Office', 3, { b: { text: 'Berlin', order: '1' } }),
        field(2, 'Mentors', 6),
        field(3, 'Website', 5),
        field(4, 'Sneaky', 5),
        field(5, 'GitHub', 7, { subtype: 'github' }),
        field(6, 'Empty', 1),
      ],
      {
        '1': { value: 'b' },
        '2': { value: '[7, 9]' },
        '3': { value: 'https://example.com/~mel' },
        '4': { value: 'javascript:alert(1)' },
        '5': { value: 'mel' },
        '6': { value: '' },
      },
      nameOf,
    );
    expect(out).toEqual([
      { name: 'Office', kind: 'text', text: 'Berlin' },
      {
        name: 'Mentors',
        kind: 'people',
        text: 'Ada Admin, Mel Member',
        people: [
          { userId: 7, name: 'Ada Admin' },
          { userId: 9, name: 'Mel Member' },
        ],
      },
      {
        name: 'Website',
        kind: 'link',
        text: 'https://example.com/~mel',
        href: 'https://example.com/~mel',
      },
      { name: 'Sneaky', kind: 'text', text: 'javascript:alert(1)' },
      { name: 'GitHub', kind: 'link', text: 'mel', href: 'https://github.com/mel' },
    ]);
  });
});
