/**
 * The organization's message edit rules as they apply to this user, read from register:
 * the realm settings, and the group settings resolved against the user's groups. A setting
 * an older server does not send is left open: that server then says no in its own words.
 */
import { OPEN_RULES, type EditRules } from '../../lib/message-permissions.ts';
import type { AccountRegister, UserGroup } from './state-types.ts';
import { LiveRules } from './live-rules.ts';

/** Upstream role numbers: owner 100, administrator 200, moderator 300. */
const MODERATOR_ROLE = 300;

type GroupValue = number | { direct_members?: number[]; direct_subgroups?: number[] };

function groupMembers(groups: Map<number, UserGroup>, id: number, seen = new Set<number>()) {
  const out = new Set<number>();
  const group = groups.get(id);
  if (!group || seen.has(id)) return out;
  seen.add(id);
  for (const m of group.members) out.add(m);
  for (const sub of group.direct_subgroup_ids ?? []) {
    for (const m of groupMembers(groups, sub, seen)) out.add(m);
  }
  return out;
}

export function inSetting(
  value: unknown,
  groups: Map<number, UserGroup>,
  me: number,
  fallback: boolean,
): boolean {
  if (typeof value === 'number') return groupMembers(groups, value).has(me);
  if (value && typeof value === 'object') {
    const v = value as Exclude<GroupValue, number>;
    if (v.direct_members?.includes(me)) return true;
    return (v.direct_subgroups ?? []).some((g) => groupMembers(groups, g).has(me));
  }
  return fallback;
}

function limit(value: unknown, fallback: number | null): number | null {
  if (value === null) return null;
  return typeof value === 'number' && value >= 0 ? value : fallback;
}

export function role(register: AccountRegister): number | undefined {
  if (typeof register['role'] === 'number') return register['role'];
  const me = register.realm_users?.find((u) => u.user_id === register.user_id) as
    { role?: number } | undefined;
  return me?.role;
}

export function editRulesFrom(register: AccountRegister): EditRules {
  const r = register as Record<string, unknown>;
  const groups = new Map((register.realm_user_groups ?? []).map((g) => [g.id, g]));
  const me = register.user_id;
  const setting = (name: string, fallback: boolean) =>
    inSetting(r[`realm_${name}`], groups, me, fallback);
  const myRole = role(register);
  const moderator =
    (myRole !== undefined && myRole <= MODERATOR_ROLE) ||
    r['is_admin'] === true ||
    r['is_moderator'] === true;
  return {
    allowEditing:
      typeof r['realm_allow_message_editing'] === 'boolean'
        ? r['realm_allow_message_editing']
        : OPEN_RULES.allowEditing,
    editLimitSeconds: limit(r['realm_message_content_edit_limit_seconds'], null),
    deleteLimitSeconds: limit(r['realm_message_content_delete_limit_seconds'], null),
    moveTopicLimitSeconds: limit(r['realm_move_messages_within_stream_limit_seconds'], null),
    moveChannelLimitSeconds: limit(r['realm_move_messages_between_streams_limit_seconds'], null),
    canDeleteAny: setting('can_delete_any_message_group', r['is_admin'] === true),
    canDeleteOwn: setting('can_delete_own_message_group', true),
    canMoveTopics: setting('can_move_messages_between_topics_group', true),
    canMoveChannels: setting('can_move_messages_between_channels_group', true),
    canResolve: setting(
      'can_resolve_topics_group',
      setting('can_move_messages_between_topics_group', true),
    ),
    exemptFromMoveLimits: moderator,
  };
}

/** Whether an event is of a kind that can change the rules (then worth comparing them). */
export function touchesEditRules(event: { type?: unknown }): boolean {
  return event.type === 'realm' || event.type === 'user_group' || event.type === 'realm_user';
}

/**
 * The rules kept current after sign-in: recomputed from the register inputs whenever an
 * event changes one (the realm's settings, user groups' members, the user's role), so the
 * message menu offers and refuses by today's rules without a reload.
 */
export class LiveEditRules extends LiveRules<EditRules> {
  constructor(register: AccountRegister) {
    super(register, editRulesFrom);
  }
}
