/**
 * Words for group-setting values (upstream "group-setting values"): system groups by the
 * role they stand for, the group's own members, or a custom set; never a bare id.
 */
import type {
  GroupPermissionName,
  GroupSetting,
} from '../../../../contract/schemas/admin-channels.ts';
import type { GroupInfo } from '../../../../contract/schemas/admin-people.ts';
import { GROUP_PERMISSION_LEVELS } from '../../../../lib/wire/group-permissions.ts';

const SYSTEM_NAMES: Record<string, string> = {
  'role:everyone': 'Everyone, including guests',
  'role:members': 'Members and above',
  'role:fullmembers': 'Full members and above',
  'role:moderators': 'Moderators and above',
  'role:administrators': 'Administrators and owners',
  'role:owners': 'Owners only',
  'role:nobody': 'Nobody',
  'role:internet': 'Everyone on the internet',
};

/** What each permission of a user group is called, in the order the page lists them. */
const PERMISSION_LABELS: Record<GroupPermissionName, string> = {
  can_manage_group: 'Who can manage this group',
  can_mention_group: 'Who can mention this group',
  can_add_members_group: 'Who can add members',
  can_remove_members_group: 'Who can remove members',
  can_join_group: 'Who can join this group',
  can_leave_group: 'Who can leave this group',
};

/** The permissions of a user group, each with the feature level it appeared at. */
export const GROUP_PERMISSIONS: readonly {
  name: GroupPermissionName;
  label: string;
  level: number;
}[] = (Object.keys(PERMISSION_LABELS) as GroupPermissionName[]).map((name) => ({
  name,
  label: PERMISSION_LABELS[name],
  level: GROUP_PERMISSION_LEVELS[name],
}));

export function groupLabel(g: GroupInfo): string {
  return g.isSystemGroup ? (SYSTEM_NAMES[g.name] ?? g.name) : `Members of ${g.name}`;
}

/** The named groups a simple picker offers: roles, then this group itself. */
export function settingChoices(
  groups: readonly GroupInfo[],
  self?: GroupInfo,
): { id: number; label: string }[] {
  const order = Object.keys(SYSTEM_NAMES);
  const roles = groups
    .filter((g) => g.isSystemGroup && order.includes(g.name) && g.name !== 'role:internet')
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
    .map((g) => ({ id: g.id, label: groupLabel(g) }));
  return self && !self.isSystemGroup
    ? [...roles, { id: self.id, label: `Members of ${self.name} (this group)` }]
    : roles;
}

/** A value in words: a named group, or a custom set counted by people and groups. */
export function describeSetting(
  value: GroupSetting | undefined,
  groups: readonly GroupInfo[],
  personName: (id: number) => string,
): string {
  if (value === undefined) return 'Not reported by the server';
  if (typeof value === 'number') {
    const g = groups.find((x) => x.id === value);
    return g ? groupLabel(g) : 'A group this account cannot see';
  }
  const people = value.direct_members.map(personName);
  const subgroups = value.direct_subgroups.map((id) => {
    const g = groups.find((x) => x.id === id);
    return g ? groupLabel(g) : 'a hidden group';
  });
  const all = [...people, ...subgroups];
  return all.length === 0 ? 'Nobody' : all.join(', ');
}
