/**
 * Upstream's rules for changing a role and deactivating (update-user, deactivate-user):
 * administrators only; owners alone add or remove the owner role or deactivate an owner;
 * the only active owner keeps role and account. The page uses them to offer only what the
 * server would allow, and to say why before anyone tries.
 */
import type { PersonRow } from '../../../../contract/schemas/admin-users.ts';
import { ADMINISTRATOR, MEMBER, MODERATOR, OWNER } from '../rules/roles.ts';

export const GUEST = 600;
export const ALL_ROLES = [OWNER, ADMINISTRATOR, MODERATOR, MEMBER, GUEST] as const;

export function isOnlyOwner(target: PersonRow, users: readonly PersonRow[]): boolean {
  return (
    target.role === OWNER &&
    !users.some((u) => u.isActive && u.role === OWNER && u.userId !== target.userId)
  );
}

/** Why the caller may not change this person's role or account, or undefined if they may. */
export function blockedReason(
  callerRole: number,
  target: PersonRow,
  users: readonly PersonRow[],
  organization: string,
): string | undefined {
  if (callerRole > ADMINISTRATOR)
    return 'Only administrators and owners change roles and accounts.';
  if (target.role === OWNER && callerRole !== OWNER)
    return 'Only an owner can change an owner’s role or deactivate an owner.';
  if (target.isActive && isOnlyOwner(target, users))
    return `${target.fullName} is the only owner of ${organization}: make someone else an owner first.`;
  return undefined;
}

/** The roles the caller may give this person (upstream: only owners grant the owner role). */
export function grantableRoles(callerRole: number): number[] {
  if (callerRole > ADMINISTRATOR) return [];
  return ALL_ROLES.filter((r) => r !== OWNER || callerRole === OWNER);
}
