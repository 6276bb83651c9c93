import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../../src/contract/schemas/admin-users.ts';
import {
  DEFAULT_QUERY,
  PeopleIndex,
  type PeopleQuery,
} from '../../../../src/renderer/views/admin/rules-people/people-index.ts';

const person = (userId: number, fullName: string, over: Partial<PersonRow> = {}): PersonRow => ({
  userId,
  fullName,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.org`,
  role: 400,
  isActive: true,
  isBot: false,
  botOwnerId: null,
  dateJoined: `2024-01-0${userId}T00:00:00Z`,
  ...over,
});

const rows = [
  person(1, 'Zoe Owner', { role: 100 }),
  person(2, 'ada admin', { role: 200 }),
  person(3, 'Émile Member'),
  person(4, 'Former Member', { isActive: false }),
  person(5, 'Helper Bot', { isBot: true, botOwnerId: 3 }),
  person(6, 'Gil Guest', { role: 600 }),
];
const index = new PeopleIndex(rows);
const names = (q: Partial<PeopleQuery>) =>
  index.select({ ...DEFAULT_QUERY, ...q }).map((i) => index.row(i).fullName);

describe('people list search, filters and sort', () => {
  it('shows active people and bots by name, ignoring case and accents for order', () => {
    expect(names({})).toEqual([
      'ada admin',
      'Émile Member',
      'Gil Guest',
      'Helper Bot',
      'Zoe Owner',
    ]);
  });

  it('finds by every word in name or email', () => {
    expect(names({ text: 'MEMBER' })).toEqual(['Émile Member']);
    expect(names({ text: 'zoe@example' })).toEqual(['Zoe Owner']);
    expect(names({ text: 'gil guest' })).toEqual(['Gil Guest']);
    expect(names({ text: 'gil owner' })).toEqual([]);
  });

  it('finds a person by user id, with or without #, within the other filters', () => {
    expect(names({ text: '3' })).toEqual(['Émile Member']);
    expect(names({ text: ' #6 ' })).toEqual(['Gil Guest']);
    expect(names({ text: '4' })).toEqual([]);
    expect(names({ text: '4', status: 'all' })).toEqual(['Former Member']);
    expect(names({ text: '99' })).toEqual([]);
  });

  it('filters by role, status and kind', () => {
    expect(names({ role: 600 })).toEqual(['Gil Guest']);
    expect(names({ status: 'deactivated' })).toEqual(['Former Member']);
    expect(names({ status: 'all', text: 'member' })).toEqual(['Émile Member', 'Former Member']);
    expect(names({ kind: 'bots' })).toEqual(['Helper Bot']);
    expect(names({ kind: 'people' })).not.toContain('Helper Bot');
  });

  it('sorts by role (most privileged first), email and date joined, either way', () => {
    expect(names({ sort: 'role' }).slice(0, 2)).toEqual(['Zoe Owner', 'ada admin']);
    expect(names({ sort: 'email', descending: true })[0]).toBe('Zoe Owner');
    expect(names({ sort: 'joined' })).toEqual([
      'Zoe Owner',
      'ada admin',
      'Émile Member',
      'Helper Bot',
      'Gil Guest',
    ]);
  });
});
