/**
 * One account's people with their presence and status, as the People list, the DM list, the
 * compose picker and the cards show them: loaded once from the Core, then kept current by
 * the `people.changed` topic. Components read it through `usePresence()`.
 */
import { getContext, setContext } from 'svelte';
import type { PersonPresence, Presence } from '../../../contract/schemas/people.ts';
import { invoke, on } from '../../bridge.ts';
import { PeopleRoster } from './roster.ts';

const KEY = Symbol('people-presence');

export class PeoplePresence {
  /** Everyone, in the People list's order; replaced whole (10 000 rows are never proxied). */
  rows = $state.raw<readonly PersonPresence[]>([]);
  loaded = $state(false);
  /** The rows and their lookup; `rows` is replaced after each change, so reading it tracks. */
  readonly #roster = new PeopleRoster();
  #accountId: string;

  constructor(accountId: string) {
    this.#accountId = accountId;
  }

  /** Loads the list (of another account, if named) and follows its changes; returns the stop. */
  start(accountId = this.#accountId): () => void {
    if (accountId !== this.#accountId) {
      this.#accountId = accountId;
      this.#roster.clear();
      this.rows = [];
      this.loaded = false;
    }
    // Of this account only: the Core then sends this window no other account's (bridge.ts
    // `on`), where every account's unread change was pushed to it with each message.
    const only = [this.#accountId];
    const off = on(
      'people.changed',
      ({ accountId, people }) => {
        if (accountId === this.#accountId) this.update(people);
      },
      only,
    );
    // Asked before the account's first registration, the Core knows no one yet: its
    // registration (which recounts the unreads) is the moment to ask again.
    const offRegistered = on(
      'messages.unreadChanged',
      ({ accountId }) => {
        if (accountId === this.#accountId && this.rows.length === 0) void this.load();
      },
      only,
    );
    void this.load();
    return () => {
      off();
      offRegistered();
    };
  }

  async load(): Promise<void> {
    try {
      const { people } = await invoke('people.list', { accountId: this.#accountId });
      this.#roster.replace(people);
      this.rows = this.#roster.rows;
      this.loaded = true;
    } catch {
      // No dots and no list: the rest of the window works without them.
    }
  }

  update(changed: readonly PersonPresence[]): void {
    this.#roster.update(changed);
    this.rows = this.#roster.rows;
  }

  of(userId: number): PersonPresence | undefined {
    void this.rows; // makes a reader follow this person's changes
    return this.#roster.of(userId);
  }

  presenceOf(userId: number): Presence | undefined {
    void this.rows;
    return this.#roster.presenceOf(userId);
  }
}

export function providePresence(people: PeoplePresence): void {
  setContext(KEY, people);
}

export function usePresence(): PeoplePresence | undefined {
  return getContext<PeoplePresence | undefined>(KEY);
}
