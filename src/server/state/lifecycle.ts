/**
 * User deactivation: the account stops authenticating and leaves every group (spec section 3);
 * the groups are remembered, since upstream gives them back on reactivation.
 */
import type { ServerContext } from '../context.ts';

export function deactivateUser(ctx: ServerContext, userId: number): void {
  const { state } = ctx;
  const user = state.users.get(userId);
  if (!user?.is_active) return;
  user.is_active = false;
  const leftGroups: number[] = [];
  for (const g of state.userGroups.values()) {
    if (g.members.delete(userId)) leftGroups.push(g.id);
  }
  user.groups_before_deactivation = leftGroups;
  const audience = state.activeUserIds();
  if (state.featureLevel >= 222) {
    ctx.events.emit(audience, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: userId, is_active: false },
    });
  } else {
    ctx.events.emit(audience, {
      type: 'realm_user',
      op: 'remove',
      person: { user_id: userId, full_name: user.full_name },
    });
  }
  for (const groupId of leftGroups) {
    ctx.events.emit(audience, {
      type: 'user_group',
      op: 'remove_members',
      group_id: groupId,
      user_ids: [userId],
    });
  }
}
