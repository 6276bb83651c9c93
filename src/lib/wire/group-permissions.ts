/**
 * A user group's permission settings (upstream's user group objects, spec 2.7) and the
 * feature level each appeared at: one table for the client, which refuses to change a
 * setting the server does not have, and the reference server, which sends each from its
 * level on. Pure data, so both sides may import it.
 */
export const GROUP_PERMISSION_LEVELS = {
  can_mention_group: 191,
  can_manage_group: 283,
  can_join_group: 301,
  can_add_members_group: 305,
  can_leave_group: 308,
  can_remove_members_group: 324,
} as const;
export type GroupPermission = keyof typeof GROUP_PERMISSION_LEVELS;

/** Upstream's group-setting value: a named group's id, or an anonymous group. */
export type GroupSettingValue =
  number | { direct_members: readonly number[]; direct_subgroups: readonly number[] };
