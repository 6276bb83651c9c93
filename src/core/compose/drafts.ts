/**
 * Unsent drafts, kept per account in the data directory so a restart loses none: one file
 * per account (named by a hash, as account ids hold a URL), the newest MAX_DRAFTS kept. The
 * same file keeps the account's outbox (sends not yet confirmed, outbox.ts), so a text moves
 * from a draft to the outbox in one write and is never in both or in neither. It keeps, too,
 * the actions whose answer was lost that nobody could read back yet (pending-record.ts).
 *
 * The file holds what the user wrote, so it is sealed like the cache (docs/architecture.md,
 * "The cache on disk": AES-256-GCM, written to a temporary name and renamed, 0600 in a 0700
 * folder) under a key of its own in the secret store. Not the cache's key: the cache is
 * deleted with its key whenever it cannot be trusted or the server refuses the account's
 * key, and the user's unsent words must outlive that. With no secret store to keep a key
 * (keys in memory only, the demo) nothing is written: the drafts and the outbox live in
 * memory for the run. A plain file of an earlier Perch is read once, sealed and deleted.
 */
import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { readJsonFile } from '../../lib/json-file.ts';
import { DraftWire } from '../../contract/schemas/drafts.ts';
import { OutboxEntry } from '../../contract/schemas/outbox.ts';
import { QueuedWrite } from '../../contract/schemas/offline-writes.ts';
import type { SecretStore } from '../accounts/secret-store.ts';
import { PendingRecord } from '../messages/pending-record.ts';
import { KEY_BYTES, newCacheKey, openCache, sealCache } from '../cache/cache-format.ts';
import { readCacheFile, writeCacheFile } from '../cache/cache-files.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** Per account: more than anyone leaves unsent, few enough that the file stays small. */
export const MAX_DRAFTS = 100;

const DraftsFile = lazySchema(() =>
  z.object({
    accountId: z.string(),
    drafts: z.array(DraftWire),
    outbox: z.array(OutboxEntry).default([]),
    /** Actions whose answer was lost and that nobody could read back yet (pending-actions.ts). */
    pending: z.array(PendingRecord).default([]),
    /** Reactions, stars and read marks made offline (offline-writes.ts); later than the rest. */
    writes: z.array(QueuedWrite).default([]),
  }),
);
type Kept = {
  drafts: DraftWire[];
  outbox: OutboxEntry[];
  pending: PendingRecord[];
  writes: QueuedWrite[];
};
const NONE: Kept = { drafts: [], outbox: [], pending: [], writes: [] };

/** The secret store's entry for the key of an account's drafts file. */
export function draftsKeyId(accountId: string): string {
  return `drafts-key:${accountId}`;
}

/** Where an account's key may be kept; undefined: nothing of the account goes to disk. */
export type DraftSecrets = (accountId: string) => SecretStore | undefined;

export class DraftStore {
  readonly #dir: string;
  /** Per account, the file after the last change queued (loaded from the file on first use). */
  readonly #current = new Map<string, Promise<Kept>>();
  /** Per account, the last write: changes apply one after another, the file ends as the latest. */
  readonly #writing = new Map<string, Promise<void>>();
  /**
   * Quitting: changes asked for from now on stay in memory, and a file first read from now on
   * is only read (not sealed, set aside or deleted); the directory is left alone.
   */
  #closed = false;

  readonly #secretsFor: DraftSecrets;
  /** Each account's key once read or made, so a write does not ask the keychain again. */
  readonly #keys = new Map<string, Buffer>();

  constructor(
    dataDir: string,
    private readonly clock: Clock,
    secretsFor: DraftSecrets,
  ) {
    this.#dir = join(dataDir, 'drafts');
    this.#secretsFor = (id) => {
      const secrets = secretsFor(id);
      // A key kept in memory dies with the run, and the file with it: better none at all.
      return secrets?.kind === 'memory' ? undefined : secrets;
    };
  }

  #name(accountId: string): string {
    return createHash('sha256').update(accountId).digest('hex').slice(0, 24);
  }

  pathOf(accountId: string): string {
    return join(this.#dir, `${this.#name(accountId)}.drafts`);
  }

  /** The plain file of a Perch before drafts were sealed. */
  #legacyPathOf(accountId: string): string {
    return join(this.#dir, `${this.#name(accountId)}.json`);
  }

  /** The account's drafts, newest first. */
  async list(accountId: string): Promise<DraftWire[]> {
    return [...(await this.#kept(accountId)).drafts].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The account's unconfirmed sends, as last kept. */
  async outbox(accountId: string): Promise<OutboxEntry[]> {
    return [...(await this.#kept(accountId)).outbox];
  }

  /** The account's actions that were not read back yet, as last kept. */
  async pending(accountId: string): Promise<PendingRecord[]> {
    return [...(await this.#kept(accountId)).pending];
  }

  /** Keeps the account's actions that are not read back yet, in place of those kept before. */
  putPending(accountId: string, pending: readonly PendingRecord[]): Promise<void> {
    return this.#changeAll(accountId, (kept) =>
      JSON.stringify(kept.pending) === JSON.stringify(pending)
        ? undefined
        : { ...kept, pending: [...pending] },
    );
  }

  /** The account's reactions, stars and read marks waiting for the server, oldest first. */
  async queuedWrites(accountId: string): Promise<QueuedWrite[]> {
    return [...(await this.#kept(accountId)).writes];
  }

  putQueuedWrites(accountId: string, writes: QueuedWrite[]): Promise<void> {
    return this.#changeAll(accountId, (kept) =>
      kept.writes.length === 0 && writes.length === 0 ? undefined : { ...kept, writes },
    );
  }

  /**
   * Hands a send to the outbox: the entry is kept and its narrow's draft dropped in the same
   * write, so a crash leaves the text in exactly one of them. Returns the dropped draft.
   */
  async take(accountId: string, entry: OutboxEntry): Promise<DraftWire | undefined> {
    let dropped: DraftWire | undefined;
    await this.#changeAll(accountId, (kept) => {
      const { drafts, outbox } = kept;
      dropped = drafts.find((d) => d.key === entry.draftKey);
      return {
        ...kept,
        drafts: dropped ? drafts.filter((d) => d !== dropped) : drafts,
        outbox: [...outbox.filter((e) => e.localId !== entry.localId), entry],
      };
    });
    return dropped;
  }

  /** Replaces an outbox entry (its state changed); nothing if it was confirmed meanwhile. */
  putOutbox(accountId: string, entry: OutboxEntry): Promise<void> {
    return this.#changeAll(accountId, (kept) =>
      kept.outbox.some((e) => e.localId === entry.localId)
        ? { ...kept, outbox: kept.outbox.map((e) => (e.localId === entry.localId ? entry : e)) }
        : undefined,
    );
  }

  removeOutbox(accountId: string, localId: string): Promise<void> {
    return this.#changeAll(accountId, (kept) =>
      kept.outbox.some((e) => e.localId === localId)
        ? { ...kept, outbox: kept.outbox.filter((e) => e.localId !== localId) }
        : undefined,
    );
  }

  /**
   * Keeps (or replaces) the draft of one narrow; an empty text is no draft at all. The
   * server copy's id stays with the narrow's draft unless `draft` brings its own.
   */
  save(
    accountId: string,
    draft: Omit<DraftWire, 'updatedAt'>,
    updatedAt = this.clock.now(),
  ): Promise<void> {
    if (draft.content.trim() === '') return this.delete(accountId, draft.key);
    return this.#change(accountId, (drafts) => {
      const old = drafts.find((d) => d.key === draft.key);
      const serverId = draft.serverId ?? old?.serverId;
      const next = { ...draft, updatedAt, ...(serverId !== undefined ? { serverId } : {}) };
      return [next, ...drafts.filter((d) => d.key !== draft.key)]
        .sort((a, b) => b.updatedAt - a.updatedAt)
        .slice(0, MAX_DRAFTS);
    });
  }

  /** Notes the id of a draft's server copy without making it newer. */
  linkServerCopy(accountId: string, key: string, serverId: number): Promise<void> {
    return this.#change(accountId, (drafts) =>
      drafts.some((d) => d.key === key)
        ? drafts.map((d) => (d.key === key ? { ...d, serverId } : d))
        : undefined,
    );
  }

  delete(accountId: string, key: string): Promise<void> {
    return this.#change(accountId, (drafts) =>
      drafts.some((d) => d.key === key) ? drafts.filter((d) => d.key !== key) : undefined,
    );
  }

  /** A signed-out account's drafts go with it. */
  async forget(accountId: string): Promise<void> {
    await this.#writing.get(accountId)?.catch(() => undefined);
    this.#current.set(accountId, Promise.resolve(NONE));
    await rm(this.pathOf(accountId), { force: true });
    await rm(this.#legacyPathOf(accountId), { force: true });
    this.#keys.delete(accountId);
    await this.#secretsFor(accountId)
      ?.delete(draftsKeyId(accountId))
      .catch(() => undefined);
  }

  /**
   * The account's id changed (id-migration.ts): its drafts and outbox are sealed again under
   * the new id, with the same key moved to the new id's entry, before the old file goes.
   */
  async moveAccount(oldId: string, newId: string): Promise<void> {
    const kept = await this.#kept(oldId);
    await this.#writing.get(oldId)?.catch(() => undefined);
    const key = await this.#key(oldId, false);
    const secrets = this.#secretsFor(newId);
    if (key && secrets) {
      await secrets.set(draftsKeyId(newId), key.toString('base64'));
      this.#keys.set(newId, key);
    }
    this.#current.set(newId, Promise.resolve(kept));
    const any = [kept.drafts, kept.outbox, kept.pending, kept.writes].some((l) => l.length > 0);
    if (any) await this.#write(newId, kept);
    await this.forget(oldId);
  }

  /** Resolves once every write has finished, so quitting never cuts one short. */
  async settled(): Promise<void> {
    await Promise.all([...this.#writing.values()].map((w) => w.catch(() => undefined)));
  }

  /**
   * Quitting: every write asked for so far finishes, and none starts after, so nothing
   * touches the data directory once the Core has closed (a call from a closing window can
   * still arrive meanwhile).
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.settled();
  }

  #kept(accountId: string): Promise<Kept> {
    let current = this.#current.get(accountId);
    if (!current) {
      current = this.#read(accountId);
      this.#current.set(accountId, current);
    }
    return current;
  }

  /** Applies `change` to the drafts after every earlier change; undefined: nothing changed. */
  #change(accountId: string, change: (drafts: DraftWire[]) => DraftWire[] | undefined) {
    return this.#changeAll(accountId, (kept) => {
      const drafts = change(kept.drafts);
      return drafts ? { ...kept, drafts } : undefined;
    });
  }

  /** Applies `change` after every earlier one; undefined means nothing changed (no write). */
  #changeAll(accountId: string, change: (kept: Kept) => Kept | undefined) {
    const before = this.#kept(accountId);
    const after = before.then((kept) => change(kept) ?? kept);
    this.#current.set(accountId, after);
    // Asked for after close: kept in memory only (see `close`).
    const closed = this.#closed;
    const write = Promise.all([before, after, this.#writing.get(accountId)?.catch(() => {})]).then(
      ([old, kept]) => (kept === old || closed ? undefined : this.#write(accountId, kept)),
    );
    this.#writing.set(accountId, write);
    return write;
  }

  /** Seals and writes the account's file; with no key to keep, it stays in memory only. */
  async #write(accountId: string, kept: Kept): Promise<void> {
    const key = await this.#key(accountId, true);
    if (!key) return;
    const plain = Buffer.from(JSON.stringify({ accountId, ...kept }), 'utf8');
    await writeCacheFile(this.pathOf(accountId), this.#dir, sealCache(plain, key, accountId));
  }

  async #key(accountId: string, create: boolean): Promise<Buffer | undefined> {
    const known = this.#keys.get(accountId);
    if (known) return known;
    const secrets = this.#secretsFor(accountId);
    if (!secrets) return undefined;
    const stored = await secrets.get(draftsKeyId(accountId));
    const found: Buffer | undefined =
      stored === undefined ? undefined : Buffer.from(stored, 'base64');
    let key: Buffer;
    if (found?.length === KEY_BYTES) key = found;
    else {
      if (!create) return undefined;
      key = newCacheKey();
      await secrets.set(draftsKeyId(accountId), key.toString('base64'));
    }
    this.#keys.set(accountId, key);
    return key;
  }

  async #read(accountId: string): Promise<Kept> {
    const path = this.pathOf(accountId);
    try {
      const sealed = await readCacheFile(path);
      if (sealed !== undefined) {
        const key = await this.#key(accountId, false);
        if (!key) throw new Error('no key');
        const file = DraftsFile.parse(JSON.parse(openCache(sealed, key, accountId).toString()));
        // A plain file a crash left beside its sealed copy is already in it.
        if (!this.#closed) await rm(this.#legacyPathOf(accountId), { force: true });
        const { accountId: of, ...kept } = file;
        return of === accountId ? kept : NONE;
      }
    } catch {
      // Unreadable: set aside rather than overwritten, so a damaged file costs no text.
      if (!this.#closed) await rename(path, `${path}.unreadable`).catch(() => undefined);
      return NONE;
    }
    return this.#migrate(accountId);
  }

  /**
   * A plain file of an earlier Perch: read once, sealed (or kept in memory), deleted. Read
   * first after close, it is only read: the next start seals it (see `close`).
   */
  async #migrate(accountId: string): Promise<Kept> {
    const legacy = this.#legacyPathOf(accountId);
    let kept: Kept;
    try {
      const file = await readJsonFile(legacy, DraftsFile, { accountId, ...NONE });
      kept =
        file.accountId === accountId
          ? { drafts: file.drafts, outbox: file.outbox, pending: [], writes: file.writes }
          : NONE;
    } catch {
      if (!this.#closed) await rename(legacy, `${legacy}.unreadable`).catch(() => undefined);
      return NONE;
    }
    if (this.#closed) return kept;
    if (kept.drafts.length === 0 && kept.outbox.length === 0) {
      await rm(legacy, { force: true });
      return kept;
    }
    // The sealed copy is whole before the plain one goes, so a crash between costs nothing.
    await this.#write(accountId, kept);
    await rm(legacy, { force: true });
    return kept;
  }
}
