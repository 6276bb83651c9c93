/**
 * The People list shows active people first, then idle, then offline, each group by name; a
 * pushed presence or status change moves or updates that one row; the filter finds people by
 * every word typed.
 */
import { describe, expect, it } from 'vitest';
import type { PersonPresence } from '../../../../../src/contract/schemas/people.ts';
import { filterByName } from '../../../../../src/renderer/views/people/order.ts';
import { PeopleRoster } from '../../../../../src/renderer/views/people/roster.ts';

const person = (
  userId: number,
  name: string,
  presence: PersonPresence['presence'],
  status: PersonPresence['status'] = null,
): PersonPresence => ({ userId, name, presence, status });

const names = (rows: readonly PersonPresence[]) => rows.map((p) => p.name);

function demo(): PeopleRoster {
  const roster = new PeopleRoster();
  roster.replace([
    person(1, 'zoe Offline', 'offline'),
    person(2, 'Ada Active', 'active'),
    person(3, 'Ida Idle', 'idle'),
    person(4, 'bea Active', 'active'),
    person(5, 'Otto Offline', 'offline'),
  ]);
  return roster;
}

describe('PeopleRoster', () => {
  it('orders active, then idle, then offline, each by name whatever its case', () => {
    expect(names(demo().rows)).toEqual([
      'Ada Active',
      'bea Active',
      'Ida Idle',
      'Otto Offline',
      'zoe Offline',
    ]);
  });

  it('moves a person whose presence changed to their new group', () => {
    const roster = demo();
    const before = roster.rows;
    roster.update([person(1, 'zoe Offline', 'active'), person(2, 'Ada Active', 'idle')]);
    expect(names(roster.rows)).toEqual([
      'bea Active',
      'zoe Offline',
      'Ada Active',
      'Ida Idle',
      'Otto Offline',
    ]);
    expect(roster.presenceOf(1)).toBe('active');
    // A new array, so the list redraws; the old one is left as it was.
    expect(roster.rows).not.toBe(before);
    expect(names(before)[0]).toBe('Ada Active');
  });

  it('keeps a status change on the person’s row and adds someone new', () => {
    const roster = demo();
    const status = { text: 'At lunch', away: false, emoji: null };
    roster.update([person(3, 'Ida Idle', 'idle', status), person(6, 'Cy New', 'idle')]);
    expect(roster.of(3)?.status).toEqual(status);
    expect(names(roster.rows)).toEqual([
      'Ada Active',
      'bea Active',
      'Cy New',
      'Ida Idle',
      'Otto Offline',
      'zoe Offline',
    ]);
    expect(roster.rows).toHaveLength(6);
  });

  it('forgets everyone when replaced or cleared', () => {
    const roster = demo();
    roster.replace([person(9, 'Solo', 'idle')]);
    expect(roster.of(1)).toBeUndefined();
    expect(names(roster.rows)).toEqual(['Solo']);
    roster.clear();
    expect(roster.rows).toEqual([]);
  });
});

describe('filterByName', () => {
  const rows = demo().rows;

  it('keeps the rows holding every word typed, in any order and case, in list order', () => {
    expect(names(filterByName(rows, 'active'))).toEqual(['Ada Active', 'bea Active']);
    expect(names(filterByName(rows, '  OFFLINE  zo '))).toEqual(['zoe Offline']);
    expect(filterByName(rows, 'nobody')).toEqual([]);
  });

  it('shows everyone for an empty filter', () => {
    expect(filterByName(rows, '   ')).toBe(rows);
  });
});
