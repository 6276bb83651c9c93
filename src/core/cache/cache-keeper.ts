/**
 * Each account's state kept on disk, encrypted, so the next start paints at once and reads
 * offline (docs/architecture.md, "The cache on disk"). The keeper writes a snapshot a few
 * seconds after the account changes, never on the path of the change itself, and on quit;
 * it reads one at start; it deletes it on sign-out, on a refused key, and whenever it
 * cannot be trusted, saying so in words.
 *
 * Each account's key is 32 random bytes in the secret store beside its API key. With the
 * in-memory secret store the key would die with the process and the file with it, so no
 * cache is written at all.
 */
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import type { SecretStore } from '../accounts/secret-store.ts';
import {
  CacheRefused,
  KEY_BYTES,
  newCacheKey,
  openCacheBy,
  sealCacheTo,
  sealedLength,
} from './cache-format.ts';
import {
  cacheDir,
  cachePath,
  CacheFileUnreadable,
  readCacheFileBy,
  removeCacheFile,
  writeCacheFileBy,
} from './cache-files.ts';
import { refusedSentence, unwritableSentence } from './cache-notes.ts';
import { decodeLines, PayloadLines, payloadTexts, type CachedAccount } from './cache-payload.ts';

/** 25 MB per account unless the user sets another budget. */
export const DEFAULT_CACHE_BUDGET_BYTES = 25 * 1024 * 1024;
/** How long after a change the snapshot is written: a burst of events makes one write. */
export const CACHE_WRITE_DELAY_MS = 5_000;
/**
 * The least time between the starts of two of an account's writes: five minutes. Each write
 * seals the whole account again (its registration, every event since, its kept messages):
 * 30 to 46 ms of CPU for an account of 10 000 kept messages (bench/README.md, `cache-start`),
 * and up to the cache budget written to disk. Under steady traffic a write every minute was
 * still the largest part of what a message cost the host with a keychain (bench/README.md,
 * `background`), and for five large accounts gigabytes an hour of disk writes. What a crash
 * can lose is at most this much of a copy that is only a head start: a quit writes every
 * account at once (`close`), a quiet spell writes it 5 s after its last change, and the next
 * start registers afresh.
 */
export const CACHE_WRITE_INTERVAL_MS = 5 * 60_000;

/** The secret store's entry for an account's cache key (the API key's entry is the bare id). */
export function cacheKeyId(accountId: string): string {
  return `cache-key:${accountId}`;
}

export interface CacheNote {
  /** A sentence for Activity. */
  text: string;
  /** The reason's code, behind Details. */
  code: string;
  at: number;
}

/** What the keeper snapshots; the Core answers it from the account's store and keepers. */
export interface CacheSource {
  /**
   * The account as it is now, its kept messages limited to `maxMessages`; undefined when
   * there is nothing to save (not registered yet, or too many events to replay). Messages
   * nobody asked for since the start may come back as the text they were read as
   * (`messagesText`), but only without a limit.
   */
  snapshot(accountId: string, maxMessages: number): CachedAccount | undefined;
}

export interface CacheKeeperOptions {
  dataDir: string;
  clock: Clock;
  /** The store that keeps the account's keys; undefined: this account keeps no cache (demo). */
  secretsFor: (accountId: string) => SecretStore | undefined;
  budgetBytes?: () => number;
  onNote?: (accountId: string, note: CacheNote) => void;
}

export class CacheKeeper {
  readonly #opts: CacheKeeperOptions;
  #source: CacheSource | undefined;
  readonly #timers = new Map<string, TimerHandle>();
  /** Each account's saves asked for and ended, counted, for `whenWritten`. */
  readonly #asked = new Map<string, number>();
  readonly #ended = new Map<string, number>();
  /** Waiting for each account's save numbered `until` to end (whenWritten). */
  #waiters: { then: () => void; until: Map<string, number> }[] = [];
  readonly #writing = new Map<string, Promise<void>>();
  readonly #notes = new Map<string, CacheNote>();
  readonly #savedAt = new Map<string, number>();
  /** When each account's last write began (`CACHE_WRITE_INTERVAL_MS`). */
  readonly #writeBegan = new Map<string, number>();
  /**
   * Each account's key once read or made: a write would otherwise ask the keychain for it
   * every time (a D-Bus call to the Secret Service on Linux). Dropped with the cache.
   */
  readonly #keys = new Map<string, Buffer>();
  /** Accounts whose cache was deleted meanwhile: a write under way must not bring it back. */
  readonly #forgotten = new Set<string>();
  #closed = false;
  readonly #forgetting = new Set<Promise<void>>();

  constructor(options: CacheKeeperOptions) {
    this.#opts = options;
  }

  attach(source: CacheSource): void {
    this.#source = source;
  }

  /** Whether this account keeps a cache (not with keys kept in memory only). */
  enabled(accountId: string): boolean {
    const secrets = this.#opts.secretsFor(accountId);
    return secrets !== undefined && secrets.kind !== 'memory';
  }

  /** The last thing Activity should know of this account's cache. */
  note(accountId: string): CacheNote | undefined {
    return this.#notes.get(accountId);
  }

  /** When the account's cache on disk was last written or read. */
  savedAt(accountId: string): number | undefined {
    return this.#savedAt.get(accountId);
  }

  /**
   * The account's saved state, or undefined: none, or one that cannot be trusted, which is
   * deleted here with a note. Never throws: a cache is only ever a head start.
   */
  async load(accountId: string): Promise<CachedAccount | undefined> {
    if (!this.enabled(accountId)) return undefined;
    this.#forgotten.delete(accountId);
    const path = cachePath(this.#opts.dataDir, accountId);
    try {
      // Read and deciphered piece by piece: the file and its plaintext are never held whole
      // outside V8's heap, where the allocator would keep what they took (cache-format.ts).
      const cached = await readCacheFileBy(path, async (length, read) => {
        const key = await this.#key(accountId, false);
        if (!key) throw new CacheRefused('no-key');
        const lines = new PayloadLines();
        await openCacheBy(length, read, key, accountId, (plain) => lines.push(plain));
        return decodeLines(lines.end(), accountId);
      });
      if (cached === undefined) return undefined;
      this.#savedAt.set(accountId, cached.savedAt);
      return cached;
    } catch (err) {
      if (err instanceof CacheFileUnreadable) return undefined;
      const reason = err instanceof CacheRefused ? err.reason : 'unreadable-contents';
      await removeCacheFile(path).catch(() => undefined);
      this.#addNote(accountId, refusedSentence(reason), reason);
      return undefined;
    }
  }

  /**
   * The account changed: its snapshot is written a little later, once for a burst, and no
   * sooner than `CACHE_WRITE_INTERVAL_MS` after the last write began.
   */
  changed(accountId: string): void {
    if (this.#closed || this.#timers.has(accountId) || !this.enabled(accountId)) return;
    const began = this.#writeBegan.get(accountId);
    const now = this.#opts.clock.now();
    const delay = Math.max(
      CACHE_WRITE_DELAY_MS,
      began === undefined ? 0 : began + CACHE_WRITE_INTERVAL_MS - now,
    );
    const timer = this.#opts.clock.setTimeout(() => {
      this.#timers.delete(accountId);
      void this.save(accountId);
    }, delay);
    this.#timers.set(accountId, timer);
  }

  /** Writes the account's snapshot now (after any write under way); never throws. */
  async save(accountId: string): Promise<void> {
    this.#opts.clock.clearTimeout(this.#timers.get(accountId));
    this.#timers.delete(accountId);
    const n = (this.#asked.get(accountId) ?? 0) + 1;
    this.#asked.set(accountId, n);
    const before = this.#writing.get(accountId) ?? Promise.resolve();
    const run = before.then(() => this.#write(accountId));
    this.#writing.set(accountId, run);
    await run;
    if (this.#writing.get(accountId) === run) this.#writing.delete(accountId);
    this.#ended.set(accountId, Math.max(this.#ended.get(accountId) ?? 0, n));
    this.#checkWaiters();
  }

  /**
   * Calls `then` once every write scheduled or under way now has ended (at once if none is).
   * Writes scheduled later are not waited for: under steady traffic one is nearly always
   * scheduled, up to `CACHE_WRITE_INTERVAL_MS` away.
   */
  whenWritten(then: () => void): void {
    const until = new Map<string, number>();
    for (const id of this.#timers.keys()) until.set(id, (this.#asked.get(id) ?? 0) + 1);
    for (const id of this.#writing.keys())
      if (!until.has(id)) until.set(id, this.#asked.get(id) ?? 0);
    this.#waiters.push({ then, until });
    this.#checkWaiters();
  }

  #checkWaiters(): void {
    const ready: (() => void)[] = [];
    this.#waiters = this.#waiters.filter(({ then, until }) => {
      for (const [id, n] of until) if ((this.#ended.get(id) ?? 0) < n) return true;
      ready.push(then);
      return false;
    });
    for (const then of ready) then();
  }

  /** Deletes the account's cache and its key (sign-out, removal, a refused API key). */
  forget(accountId: string): Promise<void> {
    const run = this.#forget(accountId);
    this.#forgetting.add(run);
    return run.finally(() => this.#forgetting.delete(run));
  }

  async #forget(accountId: string): Promise<void> {
    this.#forgotten.add(accountId);
    this.#opts.clock.clearTimeout(this.#timers.get(accountId));
    this.#timers.delete(accountId);
    await this.#writing.get(accountId)?.catch(() => undefined);
    this.#savedAt.delete(accountId);
    this.#writeBegan.delete(accountId);
    this.#keys.delete(accountId);
    this.#notes.delete(accountId);
    await removeCacheFile(cachePath(this.#opts.dataDir, accountId)).catch(() => undefined);
    // The write its timer would have made never comes: nobody waits for it.
    const n = (this.#asked.get(accountId) ?? 0) + 1;
    this.#asked.set(accountId, n);
    this.#ended.set(accountId, n);
    this.#checkWaiters();
    await this.#opts
      .secretsFor(accountId)
      ?.delete(cacheKeyId(accountId))
      .catch(() => undefined);
  }

  /**
   * A copy read back whole that turned out not to restore (AccountStore.settle): deleted
   * with its key, and Activity says why, as for a file refused when read.
   */
  async unusable(accountId: string): Promise<void> {
    await this.forget(accountId);
    this.#addNote(accountId, refusedSentence('unreadable-contents'), 'unreadable-contents');
  }

  /** Quitting: every pending snapshot is written now, and no new one is scheduled. */
  async close(accountIds: readonly string[]): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers.values()) this.#opts.clock.clearTimeout(timer);
    this.#timers.clear();
    await Promise.all(accountIds.map((id) => this.save(id)));
    // A write or a deletion already under way for another account (one whose key was just
    // refused, say) ends before the Core does: nothing touches the data directory after it.
    await Promise.all([...this.#writing.values()].map((w) => w.catch(() => undefined)));
    await Promise.all([...this.#forgetting]);
  }

  async #write(accountId: string): Promise<void> {
    if (this.#forgotten.has(accountId) || !this.enabled(accountId) || !this.#source) return;
    this.#writeBegan.set(accountId, this.#opts.clock.now());
    const budget = this.#opts.budgetBytes?.() ?? DEFAULT_CACHE_BUDGET_BYTES;
    try {
      const sealed = await this.#seal(accountId, budget);
      if (sealed === undefined) return;
      if (this.#forgotten.has(accountId)) return;
      await writeCacheFileBy(
        cachePath(this.#opts.dataDir, accountId),
        cacheDir(this.#opts.dataDir),
        (write) => sealCacheTo(sealed.texts, sealed.key, accountId, write),
      );
      this.#savedAt.set(accountId, sealed.savedAt);
    } catch (err) {
      this.#addNote(
        accountId,
        unwritableSentence(),
        (err as NodeJS.ErrnoException).code ?? 'WRITE_FAILED',
      );
    }
  }

  /** The sealed file within the budget: fewer kept messages until it fits, or none at all. */
  async #seal(
    accountId: string,
    budget: number,
  ): Promise<{ texts: string[]; key: Buffer; savedAt: number } | undefined> {
    let maxMessages = Infinity;
    for (;;) {
      const cached = this.#source?.snapshot(accountId, maxMessages);
      if (!cached) return undefined;
      const key = await this.#key(accountId, true);
      if (!key) return undefined;
      // Measured, not sealed: the file is sealed as it is written (cache-format.ts).
      const texts = payloadTexts(cached);
      if (sealedLength(texts) <= budget) return { texts, key, savedAt: cached.savedAt };
      // Messages still as the text read at start are counted once parsed: a limit asks for
      // them parsed (CacheSource.snapshot).
      if (cached.messagesText !== undefined && maxMessages === Infinity) {
        maxMessages = Number.MAX_SAFE_INTEGER;
        continue;
      }
      const kept = cached.messages?.messages.length ?? 0;
      // Not even the state alone fits: better no cache than one that breaks the budget.
      if (kept === 0) return undefined;
      maxMessages = Math.floor(kept / 2);
    }
  }

  async #key(accountId: string, create: boolean): Promise<Buffer | undefined> {
    const secrets = this.#opts.secretsFor(accountId);
    if (!secrets) return undefined;
    const known = this.#keys.get(accountId);
    if (known) return known;
    const id = cacheKeyId(accountId);
    const stored = await secrets.get(id);
    if (stored !== undefined) {
      const key = Buffer.from(stored, 'base64');
      if (key.length === KEY_BYTES) return this.#remember(accountId, key);
    }
    if (!create) return undefined;
    const key = newCacheKey();
    await secrets.set(id, key.toString('base64'));
    return this.#remember(accountId, key);
  }

  #remember(accountId: string, key: Buffer): Buffer {
    // A forget that ran while the keychain answered has deleted this key: not kept.
    if (!this.#forgotten.has(accountId)) this.#keys.set(accountId, key);
    return key;
  }

  #addNote(accountId: string, text: string, code: string): void {
    const note = { text, code, at: this.#opts.clock.now() };
    this.#notes.set(accountId, note);
    this.#opts.onNote?.(accountId, note);
  }
}
