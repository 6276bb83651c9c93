/**
 * The Notifications section's list of direct message conversations whose notifications Perch
 * keeps quiet (docs/notifications.md "Muted direct messages"), for one account: each named by
 * its people, with Unmute beside it. The list follows `prefs.changed`, so a mute made from a
 * notification meanwhile appears at once. A row unmuted here stays, saying so, with a way to
 * mute it again, so the result is where the button was.
 */
import type { AccountSummary, Preferences } from '../../../contract/contract.ts';
import { dmParticipants, withDmMuted } from '../../../contract/muted-dms.ts';
import { invoke, on } from '../../bridge.ts';

export interface MutedDmRow {
  /** The preference's key for the conversation (muted-dms.ts). */
  key: string;
  /** Its people by name; "Yourself" for notes to self. */
  names: string;
  muted: boolean;
  busy: boolean;
  error: unknown;
}

type Reader = Pick<AccountSummary, 'id' | 'userId'>;

export class MutedDms {
  readonly #account: Reader;
  rows = $state<MutedDmRow[]>([]);
  loaded = $state(false);
  loadError = $state<unknown>();
  /** Names by user id, looked up once; not state: the rows carry the names they show. */
  #names: Record<number, string> = {};
  #prefs: Preferences | undefined;

  constructor(account: Reader) {
    this.#account = account;
  }

  /** Loads the list and follows the preferences; returns the stop. */
  start(): () => void {
    const off = on('prefs.changed', (prefs) => void this.#follow(prefs));
    void this.load();
    return off;
  }

  async load(): Promise<void> {
    this.loadError = undefined;
    try {
      const [prefs, people] = await Promise.all([
        invoke('prefs.get', {}),
        invoke('people.list', { accountId: this.#account.id }),
      ]);
      for (const p of people.people) this.#names[p.userId] = p.name;
      await this.#follow(prefs);
      this.loaded = true;
    } catch (err) {
      this.loadError = err;
    }
  }

  async setMuted(row: MutedDmRow, muted: boolean): Promise<void> {
    row.busy = true;
    row.error = undefined;
    try {
      const prefs = await invoke('prefs.get', {});
      const { id, userId } = this.#account;
      const people = dmParticipants(row.key, userId);
      await invoke('prefs.set', withDmMuted(prefs, id, people, userId, muted));
      row.muted = muted;
    } catch (err) {
      row.error = err;
    } finally {
      row.busy = false;
    }
  }

  /** Keeps the rows in step with the preferences; an unmuted row stays until the page goes. */
  async #follow(prefs: Preferences): Promise<void> {
    this.#prefs = prefs;
    const keys = prefs.mutedDms?.[this.#account.id] ?? [];
    await this.#learnNames(keys);
    if (this.#prefs !== prefs) return;
    const next: MutedDmRow[] = [];
    for (const key of keys) {
      const row = this.rows.find((r) => r.key === key);
      if (row) row.muted = true;
      next.push(row ?? this.#row(key));
    }
    for (const row of this.rows) {
      if (keys.includes(row.key)) continue;
      row.muted = false;
      next.push(row);
    }
    this.rows = next.sort((a, b) => a.names.localeCompare(b.names));
  }

  #row(key: string): MutedDmRow {
    return { key, names: this.#namesOf(key), muted: true, busy: false, error: undefined };
  }

  #namesOf(key: string): string {
    const people = dmParticipants(key, this.#account.userId);
    if (people.length === 0) return 'Yourself';
    return people
      .map((id) => this.#names[id] ?? 'Someone no longer in the organization')
      .join(', ');
  }

  /** The People list names active people; anyone else (a bot, a deactivated user) by card. */
  async #learnNames(keys: string[]): Promise<void> {
    const unknown = keys
      .flatMap((k) => dmParticipants(k, this.#account.userId))
      .filter((id, i, all) => this.#names[id] === undefined && all.indexOf(id) === i);
    await Promise.all(
      unknown.map(async (userId) => {
        const card = await invoke('people.card', { accountId: this.#account.id, userId }).catch(
          () => undefined,
        );
        if (card) this.#names[userId] = card.name;
      }),
    );
  }
}
