/**
 * The People list's rows for one account, without Svelte: everyone once loaded, then each
 * pushed change (presence or status) replacing that person's row, always in the list's
 * order (active, idle, offline, each by name). PeoplePresence makes it reactive.
 */
import type { PersonPresence, Presence } from '../../../contract/schemas/people.ts';
import { byPresenceThenName } from '../../../lib/people-order.ts';

export class PeopleRoster {
  #rows: readonly PersonPresence[] = [];
  readonly #byId = new Map<number, PersonPresence>();

  /** Everyone, in the list's order; a new array after every change. */
  get rows(): readonly PersonPresence[] {
    return this.#rows;
  }

  /** The whole list, as the Core answered it. */
  replace(people: readonly PersonPresence[]): void {
    this.#byId.clear();
    for (const p of people) this.#byId.set(p.userId, p);
    this.#rows = [...people].sort(byPresenceThenName);
  }

  /** Changed people: their rows replaced (or added), moved to where they now sort. */
  update(changed: readonly PersonPresence[]): void {
    for (const p of changed) this.#byId.set(p.userId, p);
    const ids = new Set(changed.map((p) => p.userId));
    this.#rows = [...this.#rows.filter((p) => !ids.has(p.userId)), ...changed].sort(
      byPresenceThenName,
    );
  }

  clear(): void {
    this.replace([]);
  }

  of(userId: number): PersonPresence | undefined {
    return this.#byId.get(userId);
  }

  presenceOf(userId: number): Presence | undefined {
    return this.#byId.get(userId)?.presence;
  }
}
