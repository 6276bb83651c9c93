/**
 * Who may create channels: upstream's realm group settings can_create_public_channel_group
 * (FL 264) and can_create_private_channel_group (FL 266), and before them the policy enums
 * create_public_stream_policy / create_private_stream_policy, which clients still read from
 * older servers along with the user's own can_create_public_streams / _private_streams.
 */
import type { ServerState } from './state.ts';
import type { UserRecord } from './types.ts';

export const PUBLIC_GROUP_LEVEL = 264;
export const PRIVATE_GROUP_LEVEL = 266;

function groupOf(state: ServerState, inviteOnly: boolean): number {
  return inviteOnly
    ? state.realm.can_create_private_channel_group
    : state.realm.can_create_public_channel_group;
}

export function mayCreateChannel(
  state: ServerState,
  user: UserRecord,
  inviteOnly: boolean,
): boolean {
  return state.groupMembers(groupOf(state, inviteOnly)).has(user.user_id);
}

/** Upstream's policy enum for a group: 1 members, 2 administrators, 3 full members, 4 moderators. */
const LEGACY_POLICY: Record<string, number> = {
  'role:members': 1,
  'role:administrators': 2,
  'role:owners': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
};

function legacyPolicy(state: ServerState, groupId: number): number {
  return LEGACY_POLICY[state.userGroups.get(groupId)?.name ?? ''] ?? 2;
}

/** The realm section's keys for the creation policy, in the shape of the server's level. */
export function creationPolicyKeys(state: ServerState): Record<string, unknown> {
  const level = state.featureLevel;
  const { realm } = state;
  return {
    ...(level >= PUBLIC_GROUP_LEVEL
      ? { realm_can_create_public_channel_group: realm.can_create_public_channel_group }
      : {
          realm_create_public_stream_policy: legacyPolicy(
            state,
            realm.can_create_public_channel_group,
          ),
        }),
    ...(level >= PRIVATE_GROUP_LEVEL
      ? { realm_can_create_private_channel_group: realm.can_create_private_channel_group }
      : {
          realm_create_private_stream_policy: legacyPolicy(
            state,
            realm.can_create_private_channel_group,
          ),
        }),
  };
}
