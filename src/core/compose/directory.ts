/**
 * Compose's directory from one POST /register answer: people (active and not), the user
 * groups one can mention, the channels one can see with their subscriber counts, and the
 * two settings compose follows (enter_sends, who may use wildcards in large channels).
 */
import type { RegisterResponse } from '../../api/schemas/register.ts';
import type { ComposeDirectory } from '../../contract/schemas/compose.ts';

type Loose = Record<string, unknown>;

/** Roles (spec 2.1): lower numbers are more privileged. */
const ADMIN = 200;
const MODERATOR = 300;
const MEMBER = 400;

/**
 * Upstream's wildcard_mention_policy (before FL 352): 1 everyone, 2 members, 3 full members,
 * 4 channel admins (treated as admins), 5 admins, 6 nobody, 7 admins and moderators.
 */
function policyAllows(policy: number, role: number): boolean {
  switch (policy) {
    case 1:
      return true;
    case 2:
    case 3:
      return role <= MEMBER;
    case 4:
    case 5:
      return role <= ADMIN;
    case 6:
      return false;
    case 7:
      return role <= MODERATOR;
    default:
      return true;
  }
}

interface GroupLike {
  id: number;
  members: readonly number[];
  direct_subgroup_ids?: readonly number[] | undefined;
}

/** Whether `userId` is in a group-setting value: a group id, or direct members and subgroups. */
export function inGroupSetting(
  value: unknown,
  userId: number,
  groups: readonly GroupLike[],
): boolean {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const seen = new Set<number>();
  const inGroup = (id: number): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const g = byId.get(id);
    if (!g) return false;
    return g.members.includes(userId) || (g.direct_subgroup_ids ?? []).some(inGroup);
  };
  if (typeof value === 'number') return inGroup(value);
  if (value && typeof value === 'object') {
    const v = value as Loose;
    const members = Array.isArray(v['direct_members']) ? (v['direct_members'] as unknown[]) : [];
    const subgroups = Array.isArray(v['direct_subgroups'])
      ? (v['direct_subgroups'] as unknown[])
      : [];
    return (
      members.includes(userId) || subgroups.some((id) => typeof id === 'number' && inGroup(id))
    );
  }
  return false;
}

/** Server-made groups (role:everyone...) are permissions, not something one mentions. */
function mentionable(g: Loose): boolean {
  if (g['deactivated'] === true || g['is_system_group'] === true) return false;
  return !String(g['name']).startsWith('role:');
}

export function buildDirectory(data: RegisterResponse): ComposeDirectory {
  const raw = data as unknown as Loose;
  const me = data.user_id ?? 0;
  const role = data.role ?? MEMBER;
  const groups = data.realm_user_groups ?? [];
  const inactive = Array.isArray(raw['realm_non_active_users'])
    ? (raw['realm_non_active_users'] as Loose[])
    : [];
  const users = [
    ...(data.realm_users ?? []).map((u) => ({ u: u as unknown as Loose, active: u.is_active })),
    ...inactive.map((u) => ({ u, active: false })),
  ].map(({ u, active }) => ({
    id: Number(u['user_id']),
    name: String(u['full_name'] ?? ''),
    email: String(u['email'] ?? ''),
    active,
    bot: u['is_bot'] === true,
  }));

  const subscribed = new Set((data.subscriptions ?? []).map((s) => s.stream_id));
  const channels = (data.streams ?? [])
    .filter((c) => (c as Loose)['is_archived'] !== true)
    .map((c) => {
      const count = (c as Loose)['subscriber_count'];
      return {
        id: c.stream_id,
        name: c.name,
        subscribed: subscribed.has(c.stream_id),
        subscribers: typeof count === 'number' ? count : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const setting = raw['realm_can_mention_many_users_group'];
  const policy = raw['realm_wildcard_mention_policy'];
  const mayMentionMany =
    setting !== undefined
      ? inGroupSetting(setting, me, groups)
      : typeof policy === 'number'
        ? policyAllows(policy, role)
        : true;

  const settings = (data.user_settings ?? {}) as Loose;
  return {
    users,
    groups: groups
      .filter((g) => mentionable(g as unknown as Loose))
      .map((g) => ({ id: g.id, name: g.name, description: g.description, size: g.members.length })),
    channels,
    enterSends: settings['enter_sends'] === true,
    mayMentionMany,
  };
}
