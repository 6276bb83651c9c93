/**
 * Unsent drafts, kept per account in the data directory so a restart loses none: one file
 * per account (named by a hash, as account ids hold a URL), written atomically, the newest
 * MAX_DRAFTS kept. Drafts hold only what the user typed and where it goes, never a secret.
 */
import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { readJsonFile, writeJsonFile } from '../../lib/json-file.ts';
import { DraftWire } from '../rpc/schemas/drafts.ts';

/** Per account: more than anyone leaves unsent, few enough that the file stays small. */
export const MAX_DRAFTS = 100;

const DraftsFile = z.object({ accountId: z.string(), drafts: z.array(DraftWire) });

export class DraftStore {
  readonly #dir: string;
  /** Per account, the drafts after the last change queued (loaded from the file on first use). */
  readonly #current = new Map<string, Promise<DraftWire[]>>();
  /** Per account, the last write: changes apply one after another, the file ends as the latest. */
  readonly #writing = new Map<string, Promise<void>>();

  constructor(
    dataDir: string,
    private readonly clock: Clock,
  ) {
    this.#dir = join(dataDir, 'drafts');
  }

  pathOf(accountId: string): string {
    const name = createHash('sha256').update(accountId).digest('hex').slice(0, 24);
    return join(this.#dir, `${name}.json`);
  }

  /** The account's drafts, newest first. */
  async list(accountId: string): Promise<DraftWire[]> {
    return [...(await this.#drafts(accountId))].sort((a, b) => b.updatedAt - a.updatedAt);
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
    this.#current.set(accountId, Promise.resolve([]));
    await rm(this.pathOf(accountId), { force: true });
  }

  /** Resolves once every write has finished, so quitting never cuts one short. */
  async settled(): Promise<void> {
    await Promise.all([...this.#writing.values()].map((w) => w.catch(() => undefined)));
  }

  #drafts(accountId: string): Promise<DraftWire[]> {
    let current = this.#current.get(accountId);
    if (!current) {
      current = this.#read(accountId);
      this.#current.set(accountId, current);
    }
    return current;
  }

  /** Applies `change` after every earlier one; undefined means nothing changed (no write). */
  #change(accountId: string, change: (drafts: DraftWire[]) => DraftWire[] | undefined) {
    const before = this.#drafts(accountId);
    const after = before.then((drafts) => change(drafts) ?? drafts);
    this.#current.set(accountId, after);
    const write = Promise.all([before, after, this.#writing.get(accountId)?.catch(() => {})]).then(
      ([old, drafts]) =>
        drafts === old ? undefined : writeJsonFile(this.pathOf(accountId), { accountId, drafts }),
    );
    this.#writing.set(accountId, write);
    return write;
  }

  async #read(accountId: string): Promise<DraftWire[]> {
    const path = this.pathOf(accountId);
    try {
      const file = await readJsonFile(path, DraftsFile, { accountId, drafts: [] });
      return file.accountId === accountId ? file.drafts : [];
    } catch {
      // Unreadable: set aside rather than overwritten, so a damaged file costs no text.
      await rename(path, `${path}.unreadable`).catch(() => undefined);
      return [];
    }
  }
}
