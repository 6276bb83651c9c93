/**
 * Whether the organization lets this user create public and private channels, and who it
 * lets when not, read from register at the server's feature level: the group settings
 * can_create_public_channel_group (FL 264) and can_create_private_channel_group (FL 266);
 * before them the user's own can_create_public_streams / can_create_private_streams
 * (FL 102), and the policy enums create_*_stream_policy before those.
 */
import { inSetting, role } from '../messages/edit-rules.ts';
import type { RegisterResponse, UserGroup } from '../sync/state-types.ts';

interface CreationRule {
  allowed: boolean;
  /** Who may, in words: "administrators", "members of support". */
  who: string;
}

/** Flat, so LiveRules sees a change by comparing fields. */
export interface CreationRules {
  publicAllowed: boolean;
  publicWho: string;
  privateAllowed: boolean;
  privateWho: string;
}

const GUEST_ROLE = 600;
const MEMBER_ROLE = 400;

/** System groups by what the organization's settings call them in words. */
const SYSTEM_GROUP_WORDS: Record<string, string> = {
  'role:owners': 'owners',
  'role:administrators': 'administrators',
  'role:moderators': 'moderators and administrators',
  'role:fullmembers': 'full members',
  'role:members': 'members',
  'role:everyone': 'everyone',
  'role:internet': 'everyone',
  'role:nobody': 'nobody',
};

/** Upstream's policy enum: 1 members, 2 administrators, 3 full members, 4 moderators. */
const POLICY_WORDS: Record<number, string> = {
  1: 'members',
  2: 'administrators',
  3: 'full members',
  4: 'moderators and administrators',
};
const POLICY_MAX_ROLE: Record<number, number> = { 1: MEMBER_ROLE, 2: 200, 3: MEMBER_ROLE, 4: 300 };

function groupWords(value: unknown, groups: Map<number, UserGroup>): string {
  if (typeof value !== 'number') return 'members of particular groups';
  const name = groups.get(value)?.name ?? '';
  return SYSTEM_GROUP_WORDS[name] ?? (name ? `members of ${name}` : 'members of a group');
}

function rule(r: Record<string, unknown>, kind: 'public' | 'private'): CreationRule {
  const register = r as RegisterResponse;
  const me = register.user_id;
  const myRole = role(register);
  const groups = new Map((register.realm_user_groups ?? []).map((g) => [g.id, g]));
  const setting = r[`realm_can_create_${kind}_channel_group`];
  const policy = r[`realm_create_${kind}_stream_policy`];
  const who =
    setting !== undefined
      ? groupWords(setting, groups)
      : (POLICY_WORDS[policy as number] ?? 'members');
  if (myRole === GUEST_ROLE) return { allowed: false, who };
  if (setting !== undefined) return { allowed: inSetting(setting, groups, me, false), who };
  const own = r[`can_create_${kind}_streams`];
  if (typeof own === 'boolean') return { allowed: own, who };
  const maxRole = POLICY_MAX_ROLE[policy as number] ?? MEMBER_ROLE;
  return { allowed: myRole === undefined || myRole <= maxRole, who };
}

export function creationRulesFrom(register: RegisterResponse): CreationRules {
  const r = register as Record<string, unknown>;
  const pub = rule(r, 'public');
  const priv = rule(r, 'private');
  return {
    publicAllowed: pub.allowed,
    publicWho: pub.who,
    privateAllowed: priv.allowed,
    privateWho: priv.who,
  };
}
