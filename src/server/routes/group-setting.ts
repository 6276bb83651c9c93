/**
 * Group-setting values (upstream "group-setting-values"): a named group's id, or an anonymous
 * group `{direct_members, direct_subgroups}`. Updates come as `{new, old?}`; a stale `old`
 * is refused so a second admin's save never silently overwrites the first's.
 */
import { badRequest } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';

import type { GroupSettingValue } from '../state/types.ts';
export type { GroupSettingValue };

/** Reads a value given as a plain setting (create) or as `{new, old}` (update). */
export function readGroupSetting(
  state: ServerState,
  name: string,
  raw: unknown,
  current?: GroupSettingValue,
): GroupSettingValue {
  const isUpdate = typeof raw === 'object' && raw !== null && 'new' in raw;
  const update = isUpdate ? (raw as { new: unknown; old?: unknown }) : { new: raw };
  if (current !== undefined && update.old !== undefined) {
    const old = parseValue(state, name, update.old, false);
    if (!sameValue(old, current))
      throw badRequest(`'old' value allowed by the server is not matching: ${name}`);
  }
  return parseValue(state, name, update.new, true);
}

function parseValue(
  state: ServerState,
  name: string,
  raw: unknown,
  mustBeActive: boolean,
): GroupSettingValue {
  const check = (id: unknown): number => {
    const g = typeof id === 'number' ? state.userGroups.get(id) : undefined;
    if (!g) throw badRequest('Invalid user group');
    if (mustBeActive && g.deactivated)
      throw badRequest('User group setting cannot be set to a deactivated user group.');
    return g.id;
  };
  if (typeof raw === 'number') return check(raw);
  if (typeof raw === 'object' && raw !== null) {
    const o = raw as { direct_members?: unknown; direct_subgroups?: unknown };
    if (Array.isArray(o.direct_members) && Array.isArray(o.direct_subgroups)) {
      const members = o.direct_members.map((id: unknown) => {
        if (typeof id !== 'number' || !state.users.get(id)?.is_active)
          throw badRequest(`Invalid user ID: ${String(id)}`);
        return id;
      });
      return {
        direct_members: [...new Set(members)].sort((a, b) => a - b),
        direct_subgroups: [...new Set(o.direct_subgroups.map(check))].sort((a, b) => a - b),
      };
    }
  }
  throw badRequest(`Invalid ${name}`);
}

export function sameValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a user is in a setting's value, counting nested subgroups. */
export function inSetting(state: ServerState, userId: number, value: GroupSettingValue): boolean {
  if (typeof value === 'number') return state.groupMembers(value).has(userId);
  return (
    value.direct_members.includes(userId) ||
    value.direct_subgroups.some((g) => state.groupMembers(g).has(userId))
  );
}
