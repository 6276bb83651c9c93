import { describe, expect, it } from 'vitest';
import {
  mayCreateUsers,
  mayManageGroup,
  mayManageLinkifiers,
  removableOthers,
} from '../../../../src/renderer/views/admin/rules-people/access.ts';
import type { GroupInfo, PersonRef } from '../../../../src/contract/schemas/admin-people.ts';

const group = (over: Partial<GroupInfo>): GroupInfo => ({
  id: 1,
  name: 'g',
  description: '',
  members: [],
  subgroups: [],
  deactivated: false,
  isSystemGroup: false,
  creatorId: null,
  ...over,
});

describe('people panel permissions by role', () => {
  it('lets only administrators with can_create_users create users (since FL 36)', () => {
    expect(mayCreateUsers(100, true, 400)).toBe(true);
    expect(mayCreateUsers(200, false, 400)).toBe(false);
    expect(mayCreateUsers(200, false, 35)).toBe(true);
    expect(mayCreateUsers(300, true, 400)).toBe(false);
  });

  it('lets administrators, not moderators, manage linkifiers', () => {
    expect([100, 200, 300, 400].map(mayManageLinkifiers)).toEqual([true, true, false, false]);
  });

  it('lets members of a group through its subgroups manage it, not outsiders', () => {
    const leads = group({ id: 2, members: [7] });
    const support = group({ id: 1, members: [5], subgroups: [2] });
    const all = [support, leads];
    expect(mayManageGroup(300, 7, support, all)).toBe(true);
    expect(mayManageGroup(400, 9, support, all)).toBe(false);
    expect(mayManageGroup(400, 9, group({ creatorId: 9 }), all)).toBe(true);
    expect(mayManageGroup(200, 9, support, all)).toBe(true);
    expect(mayManageGroup(100, 1, group({ isSystemGroup: true }), all)).toBe(false);
    expect(mayManageGroup(100, 1, group({ deactivated: true }), all)).toBe(false);
  });

  it('lets administrators unsubscribe anyone and others only their own bots', () => {
    const person = (over: Partial<PersonRef>): PersonRef => ({
      userId: 1,
      fullName: 'x',
      email: 'x@p.test',
      isActive: true,
      isBot: false,
      botOwnerId: null,
      ...over,
    });
    const users = [
      person({ userId: 3, isBot: true, botOwnerId: 4 }),
      person({ userId: 5, isBot: true, botOwnerId: 6 }),
      person({ userId: 4 }),
    ];
    expect(removableOthers(200, 1, users)).toBe('anyone');
    expect(removableOthers(400, 4, users)).toEqual([users[0]]);
    expect(removableOthers(300, 9, users)).toEqual([]);
  });
});
