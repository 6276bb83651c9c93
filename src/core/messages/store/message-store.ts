/**
 * Every account's kept messages, within one budget: when over it, the narrows viewed least
 * recently are let go first (of the account over its share, or of all accounts), and the
 * messages no remaining narrow holds go with them.
 */
import type { MessageWire, NarrowTermWire } from '../../../contract/schemas/messages.ts';
import { AccountStore } from './account-store.ts';
import { applyToStore, type ApplyContext } from './apply-events.ts';
import { DEFAULT_BUDGET, type StoreBudget } from './budget.ts';
import type { SavedMessages } from './store-snapshot.ts';

export class MessageStore {
  readonly #accounts = new Map<string, AccountStore>();
  /**
   * Kept messages the cache on disk read at start, still as its text: they are parsed only
   * when something first asks for the account's messages, so a start that registers before
   * any view opens a narrow never holds them as objects (docs/architecture.md, "The cache on
   * disk").
   */
  readonly #saved = new Map<string, SavedMessages>();

  constructor(readonly budget: StoreBudget = DEFAULT_BUDGET) {}

  /** The account's store for these request options; kept messages of other options are dropped. */
  account(accountId: string, params: string): AccountStore {
    this.#take(accountId);
    const current = this.#accounts.get(accountId);
    if (current?.params === params) return current;
    const fresh = new AccountStore(params);
    this.#accounts.set(accountId, fresh);
    return fresh;
  }

  /** The account's store if it has one (events only update what exists). */
  existing(accountId: string): AccountStore | undefined {
    this.#take(accountId);
    return this.#accounts.get(accountId);
  }

  /** Kept messages restored from the cache on disk, under the same budget as the rest. */
  adopt(accountId: string, store: AccountStore): void {
    this.#saved.delete(accountId);
    this.#accounts.set(accountId, store);
    this.enforce();
  }

  /** Kept messages from the cache on disk, read when first asked for (see `#saved`). */
  adoptLater(accountId: string, saved: SavedMessages): void {
    this.#accounts.delete(accountId);
    this.#saved.set(accountId, saved);
  }

  /** The account's saved messages while nothing has asked for them yet. */
  saved(accountId: string): SavedMessages | undefined {
    return this.#saved.get(accountId);
  }

  #take(accountId: string): void {
    const saved = this.#saved.get(accountId);
    if (saved === undefined) return;
    this.#saved.delete(accountId);
    let store: AccountStore | undefined;
    try {
      store = saved.load();
    } catch {
      // Messages this Perch cannot read back are fetched again, as without a cache.
      return;
    }
    if (store) this.adopt(accountId, store);
  }

  /** Its queue started afresh (events may be missed), or the account signed out. */
  drop(accountId: string): void {
    this.#saved.delete(accountId);
    const store = this.#accounts.get(accountId);
    // A fetch under way across the drop must not bring back what it started from.
    if (store) store.epoch++;
    this.#accounts.delete(accountId);
  }

  apply(
    accountId: string,
    events: readonly ({ type: string } & Record<string, unknown>)[],
    ctx: ApplyContext,
  ): void {
    this.#take(accountId);
    const store = this.#accounts.get(accountId);
    if (!store) return;
    applyToStore(store, events, ctx);
    store.applied((into) => applyToStore(into, events, ctx));
    // Incoming messages grow the narrows they belong to: the budget holds after them too.
    this.enforce();
  }

  /** Messages by id when every one is kept (their events keep them current); else undefined. */
  byIds(accountId: string, ids: readonly number[]): MessageWire[] | undefined {
    this.#take(accountId);
    const store = this.#accounts.get(accountId);
    if (!store) return undefined;
    const out: MessageWire[] = [];
    for (const id of new Set(ids)) {
      const m = store.messages.get(id);
      if (!m) return undefined;
      out.push(m);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  messageCount(): number {
    let n = 0;
    for (const store of this.#accounts.values()) n += store.messages.size;
    return n;
  }

  /**
   * Brings every budget back: each narrow cut to its share around what is on screen, then
   * the least recently viewed narrows let go, and a last narrow still over cut to what is
   * left (never below its visible window). Collection follows every cut, so what no narrow
   * holds is gone at once rather than when some narrow is evicted.
   */
  enforce(): void {
    for (const store of this.#accounts.values()) {
      store.trim(this.budget.perNarrow);
      store.collect();
      while (store.messages.size > this.budget.perAccount && store.narrows.size > 1)
        this.#evictOldest([store]);
      if (store.messages.size > this.budget.perAccount) {
        store.trim(this.budget.perAccount);
        store.collect();
      }
    }
    while (this.messageCount() > this.budget.total) {
      const stores = [...this.#accounts.values()].filter((s) => s.narrows.size > 0);
      const total = stores.reduce((n, s) => n + s.narrows.size, 0);
      if (total <= 1) {
        for (const store of stores) {
          store.trim(this.budget.total);
          store.collect();
        }
        break;
      }
      this.#evictOldest(stores);
    }
  }

  #evictOldest(stores: AccountStore[]): void {
    let oldest: { store: AccountStore; key: string; viewed: number } | undefined;
    for (const store of stores) {
      for (const [key, entry] of store.narrows) {
        if (!oldest || entry.viewed < oldest.viewed) oldest = { store, key, viewed: entry.viewed };
      }
    }
    if (!oldest) return;
    oldest.store.forget(oldest.key);
    oldest.store.collect();
  }

  /** Narrows kept for an account (tests and benches look inside). */
  narrows(accountId: string): NarrowTermWire[][] {
    this.#take(accountId);
    return [...(this.#accounts.get(accountId)?.narrows.values() ?? [])].map((e) => e.narrow);
  }
}
