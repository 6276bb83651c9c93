/** Register-derived rules that follow the events changing their inputs (see LiveRules). */
import type { AccountRegister, UserGroup } from './state-types.ts';

/** Upstream role numbers: administrator 200, moderator 300. */
const MODERATOR_ROLE = 300;

type RawEvent = Record<string, unknown> & { type?: unknown; op?: unknown };

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

/**
 * Rules computed from register inputs and kept current after sign-in: the inputs are
 * changed by the events that change them (the realm's settings, user groups' members, the
 * user's role) and the rules recomputed, so what depends on them follows without a reload.
 */
export class LiveRules<T extends object> {
  readonly #inputs: Record<string, unknown>;
  readonly #groups: Map<number, UserGroup>;
  #rules: T;
  readonly #compute: (register: AccountRegister) => T;

  constructor(register: AccountRegister, compute: (register: AccountRegister) => T) {
    this.#compute = compute;
    this.#inputs = { ...register };
    this.#groups = new Map(
      (register.realm_user_groups ?? []).map((g) => [
        g.id,
        { ...g, members: [...g.members], direct_subgroup_ids: [...(g.direct_subgroup_ids ?? [])] },
      ]),
    );
    this.#rules = this.#recompute();
  }

  /** The same object until an event changes a rule. */
  get rules(): T {
    return this.#rules;
  }

  /** Follows one event; true when it changed a rule. */
  follow(event: RawEvent): boolean {
    if (!this.#apply(event)) return false;
    const next = this.#recompute();
    const changed = (Object.keys(next) as (keyof T)[]).some((k) => next[k] !== this.#rules[k]);
    if (changed) this.#rules = next;
    return changed;
  }

  #recompute(): T {
    return this.#compute({
      ...this.#inputs,
      realm_user_groups: [...this.#groups.values()],
    } as AccountRegister);
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
          ...new Set([...(group.direct_subgroup_ids ?? []), ...ids(e.direct_subgroup_ids)]),
        ];
        return true;
      case 'remove_subgroups':
        group.direct_subgroup_ids = without(
          group.direct_subgroup_ids ?? [],
          ids(e.direct_subgroup_ids),
        );
        return true;
      case 'remove':
        this.#groups.delete(group.id);
        return true;
      default:
        return false;
    }
  }
}
