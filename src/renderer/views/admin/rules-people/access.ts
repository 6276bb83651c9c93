/**
 * What the signed-in user's role lets them do in the people panels. The panels hide what
 * is not allowed; when the server still refuses (a role changed since), its answer is shown.
 */
import type { GroupInfo, PersonRef } from '../../../../contract/schemas/admin-people.ts';
import { ADMINISTRATOR } from '../rules/roles.ts';

function isAdministrator(role: number): boolean {
  return role <= ADMINISTRATOR;
}

/** Spec 4.14: administrators, who since FL 36 also need can_create_users. */
export function mayCreateUsers(
  role: number,
  canCreateUsers: boolean,
  featureLevel: number,
): boolean {
  return isAdministrator(role) && (featureLevel < 36 || canCreateUsers);
}

/** Linkifiers are the organization's: administrators add and delete them. */
export function mayManageLinkifiers(role: number): boolean {
  return isAdministrator(role);
}

/** Everyone in the group, directly or through its subgroups. */
export function allMembers(groupId: number, groups: readonly GroupInfo[]): Set<number> {
  const out = new Set<number>();
  const seen = new Set<number>();
  const stack = [groupId];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const g = groups.find((x) => x.id === id);
    if (!g) continue;
    for (const m of g.members) out.add(m);
    stack.push(...g.subgroups);
  }
  return out;
}

/**
 * Administrators manage any group; its creator and its members manage their own. Role
 * groups and deactivated groups are not edited by hand.
 */
export function mayManageGroup(
  role: number,
  userId: number,
  group: GroupInfo,
  groups: readonly GroupInfo[],
): boolean {
  if (group.isSystemGroup || group.deactivated) return false;
  if (isAdministrator(role)) return true;
  return group.creatorId === userId || allMembers(group.id, groups).has(userId);
}

/**
 * Spec 4.9: whom the caller may unsubscribe besides themself. Administrators may remove
 * anyone; others, the bots they own. (Channel-level grants are the server's to judge.)
 */
export function removableOthers(
  role: number,
  userId: number,
  users: readonly PersonRef[],
): 'anyone' | PersonRef[] {
  if (isAdministrator(role)) return 'anyone';
  return users.filter((u) => u.isBot && u.isActive && u.botOwnerId === userId);
}
