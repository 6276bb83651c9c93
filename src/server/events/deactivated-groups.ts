/**
 * Upstream's client capability include_deactivated_groups (register-queue): a client without
 * it is shown only active user groups, in the register answer and in events.
 */
import type { ServerState } from '../state/state.ts';

/** The client capability include_deactivated_groups exists from this level. */
export const DEACTIVATED_GROUPS_CAPABILITY_LEVEL = 294;

/** Whether this client is shown deactivated groups (in realm_user_groups and in events). */
export function showsDeactivatedGroups(
  state: ServerState,
  caps: Readonly<Record<string, boolean>>,
): boolean {
  return (
    state.featureLevel < DEACTIVATED_GROUPS_CAPABILITY_LEVEL ||
    caps.include_deactivated_groups === true
  );
}
