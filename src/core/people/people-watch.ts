/**
 * Keeps an open People list (and the dots that read it) current: after an account's
 * presence, status or user events, and every few seconds on the Core's clock (presence
 * turns idle and offline by time passing, with no event), it works out everyone's row again
 * and pushes only the rows that changed. Only accounts whose list was asked for are watched,
 * and each until it is signed out or re-registered.
 */
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import type { PersonPresence } from '../../contract/schemas/people.ts';
import type { AccountState } from '../model/account-state.ts';
import { presenceLookupOf } from './presence-source.ts';
import { listedUsers, personPresence } from './roster.ts';

/** How often time alone may have changed someone's presence, checked. */
export const RECHECK_MS = 10_000;

/** Presence and status changes come through onPresenceChanged; these change names or one's own presence. */
const WATCHED_EVENTS = new Set(['realm_user', 'user_settings']);

function signature(p: PersonPresence): string {
  const s = p.status;
  return `${p.name}\u0000${p.presence}\u0000${s ? `${s.text}\u0000${s.emoji?.code ?? ''}\u0000${s.away}` : ''}`;
}

export class PeopleWatch {
  readonly #shown = new Map<string, Map<number, string>>();
  #timer: TimerHandle | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly stateOf: (accountId: string) => AccountState | undefined,
    private readonly publish: (accountId: string, people: PersonPresence[]) => void,
  ) {}

  /** The renderer has the list as it is now: changes from here on are pushed. */
  listed(accountId: string, rows: readonly PersonPresence[]): void {
    this.#shown.set(accountId, new Map(rows.map((p) => [p.userId, signature(p)])));
    this.#arm();
  }

  /** An account's queue brought events: those that can change a row are worth a look. */
  events(accountId: string, types: readonly string[]): void {
    if (this.#shown.has(accountId) && types.some((t) => WATCHED_EVENTS.has(t))) {
      this.check(accountId);
    }
  }

  forget(accountId: string): void {
    this.#shown.delete(accountId);
    if (this.#shown.size === 0) {
      this.clock.clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  check(accountId: string): void {
    const shown = this.#shown.get(accountId);
    const state = this.stateOf(accountId);
    if (!shown || !state) return;
    const lookup = presenceLookupOf(state, this.clock.now());
    const changed: PersonPresence[] = [];
    for (const user of listedUsers(state.users())) {
      const p = personPresence(user, lookup);
      const sig = signature(p);
      if (shown.get(p.userId) === sig) continue;
      shown.set(p.userId, sig);
      changed.push(p);
    }
    if (changed.length > 0) this.publish(accountId, changed);
  }

  #arm(): void {
    if (this.#timer) return;
    this.#timer = this.clock.setTimeout(() => {
      this.#timer = undefined;
      for (const accountId of this.#shown.keys()) this.check(accountId);
      if (this.#shown.size > 0) this.#arm();
    }, RECHECK_MS);
  }
}
