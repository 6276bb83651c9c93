/**
 * Whether the organization lets this user create public and private channels, and who it
 * lets when not, read from register at the server's feature level: the group settings
 * can_create_public_channel_group (FL 264) and can_create_private_channel_group (FL 266);
 * before them the user's own can_create_public_streams / can_create_private_streams
 * (FL 102), and the policy enums create_*_stream_policy before those.
 */
import { inSetting, role } from './edit-rules.ts';
import type { AccountRegister, UserGroup } from './state-types.ts';

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
  /** The server and the organization allow web-public channels at all (spectator access). */
  webPublicOffered: boolean;
  webPublicAllowed: boolean;
  webPublicWho: string;
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
  const register = r as AccountRegister;
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

/** Upstream's web-public policy enum: 2 administrators, 4 moderators, 6 nobody, 7 owners. */
const WEB_PUBLIC_POLICY: Record<number, { who: string; maxRole: number }> = {
  2: { who: 'administrators', maxRole: 200 },
  4: { who: 'moderators and administrators', maxRole: 300 },
  6: { who: 'nobody', maxRole: 0 },
  7: { who: 'owners', maxRole: 100 },
};

/**
 * Web-public channels (readable without an account) exist only where the server has them
 * on and the organization allows spectators; who may create one is the group setting
 * can_create_web_public_channel_group (FL 280), before it the user's own
 * can_create_web_public_streams (FL 103), before that the policy enum.
 */
function webPublicRule(r: Record<string, unknown>): CreationRule & { offered: boolean } {
  const register = r as AccountRegister;
  const offered =
    r['server_web_public_streams_enabled'] === true && r['realm_enable_spectator_access'] === true;
  const groups = new Map((register.realm_user_groups ?? []).map((g) => [g.id, g]));
  const setting = r['realm_can_create_web_public_channel_group'];
  const policy = WEB_PUBLIC_POLICY[r['realm_create_web_public_stream_policy'] as number];
  const who =
    setting !== undefined ? groupWords(setting, groups) : (policy?.who ?? 'administrators');
  const myRole = role(register);
  let allowed: boolean;
  if (!offered || myRole === GUEST_ROLE) allowed = false;
  else if (setting !== undefined) allowed = inSetting(setting, groups, register.user_id, false);
  else if (typeof r['can_create_web_public_streams'] === 'boolean')
    allowed = r['can_create_web_public_streams'] as boolean;
  else allowed = myRole !== undefined && myRole <= (policy?.maxRole ?? 200);
  return { offered, allowed, who };
}

export function creationRulesFrom(register: AccountRegister): CreationRules {
  const r = register as Record<string, unknown>;
  const pub = rule(r, 'public');
  const priv = rule(r, 'private');
  const web = webPublicRule(r);
  return {
    publicAllowed: pub.allowed,
    publicWho: pub.who,
    privateAllowed: priv.allowed,
    privateWho: priv.who,
    webPublicOffered: web.offered,
    webPublicAllowed: web.allowed,
    webPublicWho: web.who,
  };
}
