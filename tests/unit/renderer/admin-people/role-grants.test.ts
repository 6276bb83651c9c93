import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../../src/contract/schemas/admin-users.ts';
import {
  blockedReason,
  grantableRoles,
} from '../../../../src/renderer/views/admin/rules-people/role-grants.ts';

const person = (userId: number, role: number, over: Partial<PersonRow> = {}): PersonRow => ({
  userId,
  fullName: `Person ${userId}`,
  email: `p${userId}@example.org`,
  role,
  isActive: true,
  isBot: false,
  botOwnerId: null,
  dateJoined: '2024-01-01T00:00:00Z',
  ...over,
});

describe('what the caller may do to a person (upstream update-user and deactivate-user)', () => {
  const owner = person(1, 100);
  const member = person(2, 400);
  const users = [owner, member, person(3, 100, { isActive: false })];

  it('offers the owner role to owners only, and nothing to members', () => {
    expect(grantableRoles(100)).toEqual([100, 200, 300, 400, 600]);
    expect(grantableRoles(200)).toEqual([200, 300, 400, 600]);
    expect(grantableRoles(300)).toEqual([]);
  });

  it('keeps the only active owner, and says so naming the organization', () => {
    expect(blockedReason(100, owner, users, 'Acme')).toBe(
      'Person 1 is the only owner of Acme: make someone else an owner first.',
    );
    expect(blockedReason(100, owner, [...users, person(4, 100)], 'Acme')).toBeUndefined();
  });

  it('lets only owners touch owners, and only administrators touch anyone', () => {
    expect(blockedReason(200, owner, [...users, person(4, 100)], 'Acme')).toMatch(/Only an owner/);
    expect(blockedReason(200, member, users, 'Acme')).toBeUndefined();
    expect(blockedReason(400, member, users, 'Acme')).toMatch(/Only administrators/);
    // Administrators manage bots from their page like anyone else.
    expect(blockedReason(200, person(5, 400, { isBot: true }), users, 'Acme')).toBeUndefined();
    expect(blockedReason(400, person(5, 400, { isBot: true }), users, 'Acme')).toMatch(
      /Only administrators/,
    );
  });
});
