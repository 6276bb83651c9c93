/**
 * The organization's message edit rules as they apply to this user, read from register:
 * the realm settings, and the group settings resolved against the user's groups. A setting
 * an older server does not send is left open: that server then says no in its own words.
 */
import { OPEN_RULES, type EditRules } from '../../lib/message-permissions.ts';
import type { RegisterResponse, UserGroup } from '../sync/state-types.ts';

/** Upstream role numbers: owner 100, administrator 200, moderator 300. */
const MODERATOR_ROLE = 300;

type GroupValue = number | { direct_members?: number[]; direct_subgroups?: number[] };

function groupMembers(groups: Map<number, UserGroup>, id: number, seen = new Set<number>()) {
  const out = new Set<number>();
  const group = groups.get(id);
  if (!group || seen.has(id)) return out;
  seen.add(id);
  for (const m of group.members) out.add(m);
  for (const sub of group.direct_subgroup_ids) {
    for (const m of groupMembers(groups, sub, seen)) out.add(m);
  }
  return out;
}

function inSetting(
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

function role(register: RegisterResponse): number | undefined {
  if (typeof register['role'] === 'number') return register['role'];
  const me = register.realm_users?.find((u) => u.user_id === register.user_id) as
    { role?: number } | undefined;
  return me?.role;
}

export function editRulesFrom(register: RegisterResponse): EditRules {
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

type RawEvent = Record<string, unknown> & { type?: unknown; op?: unknown };

/** Whether an event is of a kind that can change the rules (then worth comparing them). */
export function touchesEditRules(event: { type?: unknown }): boolean {
  return event.type === 'realm' || event.type === 'user_group' || event.type === 'realm_user';
}

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

/**
 * The rules kept current after sign-in: the register inputs they are computed from, changed
 * by the events that change them (the realm's settings, user groups' members, the user's
 * role), so the message menu offers and refuses by today's rules without a reload.
 */
export class LiveEditRules {
  readonly #inputs: Record<string, unknown>;
  readonly #groups: Map<number, UserGroup>;
  #rules: EditRules;

  constructor(register: RegisterResponse) {
    this.#inputs = { ...register };
    this.#groups = new Map(
      (register.realm_user_groups ?? []).map((g) => [
        g.id,
        { ...g, members: [...g.members], direct_subgroup_ids: [...g.direct_subgroup_ids] },
      ]),
    );
    this.#rules = this.#compute();
  }

  /** The same object until an event changes a rule. */
  get rules(): EditRules {
    return this.#rules;
  }

  /** Follows one event; true when it changed a rule. */
  follow(event: RawEvent): boolean {
    if (!this.#apply(event)) return false;
    const next = this.#compute();
    const changed = (Object.keys(next) as (keyof EditRules)[]).some(
      (k) => next[k] !== this.#rules[k],
    );
    if (changed) this.#rules = next;
    return changed;
  }

  #compute(): EditRules {
    return editRulesFrom({
      ...this.#inputs,
      realm_user_groups: [...this.#groups.values()],
    } as RegisterResponse);
  }

  /** Applies what the event says about an input; false when it says nothing about them. */
  #apply(e: RawEvent): boolean {
    if (e.type === 'realm' && e.op === 'update' && typeof e.property === 'string') {
      this.#inputs[`realm_${e.property}`] = e.value;
      return true;
    }
    if (e.type === 'realm' && e.op === 'update_dict' && e.data && typeof e.data === 'object') {
      for (const [k, v] of Object.entries(e.data)) this.#inputs[`realm_${k}`] = v;
      return true;
    }
    if (e.type === 'realm_user' && e.op === 'update') {
      const person = e.person as { user_id?: unknown; role?: unknown } | undefined;
      const role = person?.user_id === this.#inputs['user_id'] ? person?.role : undefined;
      if (typeof role !== 'number') return false;
      this.#inputs['role'] = role;
      this.#inputs['is_admin'] = role <= 200;
      this.#inputs['is_moderator'] = role === MODERATOR_ROLE;
      return true;
    }
    if (e.type === 'user_group') return this.#group(e);
    return false;
  }

  #group(e: RawEvent): boolean {
    if (e.op === 'add') {
      const g = e.group as UserGroup | undefined;
      if (!g || typeof g.id !== 'number') return false;
      this.#groups.set(g.id, {
        ...g,
        members: ids(g.members),
        direct_subgroup_ids: ids(g.direct_subgroup_ids),
      });
      return true;
    }
    const group = typeof e.group_id === 'number' ? this.#groups.get(e.group_id) : undefined;
    if (!group) return false;
    const without = (list: number[], gone: number[]) => list.filter((x) => !gone.includes(x));
    switch (e.op) {
      case 'add_members':
        group.members = [...new Set([...group.members, ...ids(e.user_ids)])];
        return true;
      case 'remove_members':
        group.members = without(group.members, ids(e.user_ids));
        return true;
      case 'add_subgroups':
        group.direct_subgroup_ids = [
          ...new Set([...group.direct_subgroup_ids, ...ids(e.direct_subgroup_ids)]),
        ];
        return true;
      case 'remove_subgroups':
        group.direct_subgroup_ids = without(group.direct_subgroup_ids, ids(e.direct_subgroup_ids));
        return true;
      case 'remove':
        this.#groups.delete(group.id);
        return true;
      default:
        return false;
    }
  }
}
