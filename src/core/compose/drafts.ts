/**
 * Unsent drafts, kept per account in the data directory so a restart loses none: one file
 * per account (named by a hash, as account ids hold a URL), written atomically, the newest
 * MAX_DRAFTS kept. Drafts hold only what the user typed and where it goes, never a secret.
 * The same file keeps the account's outbox (sends not yet confirmed, outbox.ts), so a text
 * moves from a draft to the outbox in one write and is never in both or in neither.
 */
import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { readJsonFile, writeJsonFile } from '../../lib/json-file.ts';
import { DraftWire } from '../../contract/schemas/drafts.ts';
import { OutboxEntry } from '../../contract/schemas/outbox.ts';

/** Per account: more than anyone leaves unsent, few enough that the file stays small. */
export const MAX_DRAFTS = 100;

const DraftsFile = z.object({
  accountId: z.string(),
  drafts: z.array(DraftWire),
  outbox: z.array(OutboxEntry).default([]),
});
type Kept = { drafts: DraftWire[]; outbox: OutboxEntry[] };

export class DraftStore {
  readonly #dir: string;
  /** Per account, the file after the last change queued (loaded from the file on first use). */
  readonly #current = new Map<string, Promise<Kept>>();
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
    return [...(await this.#kept(accountId)).drafts].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The account's unconfirmed sends, as last kept. */
  async outbox(accountId: string): Promise<OutboxEntry[]> {
    return [...(await this.#kept(accountId)).outbox];
  }

  /**
   * Hands a send to the outbox: the entry is kept and its narrow's draft dropped in the same
   * write, so a crash leaves the text in exactly one of them. Returns the dropped draft.
   */
  async take(accountId: string, entry: OutboxEntry): Promise<DraftWire | undefined> {
    let dropped: DraftWire | undefined;
    await this.#changeAll(accountId, ({ drafts, outbox }) => {
      dropped = drafts.find((d) => d.key === entry.draftKey);
      return {
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
    this.#current.set(accountId, Promise.resolve({ drafts: [], outbox: [] }));
    await rm(this.pathOf(accountId), { force: true });
  }

  /** Resolves once every write has finished, so quitting never cuts one short. */
  async settled(): Promise<void> {
    await Promise.all([...this.#writing.values()].map((w) => w.catch(() => undefined)));
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
    const write = Promise.all([before, after, this.#writing.get(accountId)?.catch(() => {})]).then(
      ([old, kept]) =>
        kept === old ? undefined : writeJsonFile(this.pathOf(accountId), { accountId, ...kept }),
    );
    this.#writing.set(accountId, write);
    return write;
  }

  async #read(accountId: string): Promise<Kept> {
    const path = this.pathOf(accountId);
    const none: Kept = { drafts: [], outbox: [] };
    try {
      const file = await readJsonFile(path, DraftsFile, { accountId, ...none });
      return file.accountId === accountId ? { drafts: file.drafts, outbox: file.outbox } : none;
    } catch {
      // Unreadable: set aside rather than overwritten, so a damaged file costs no text.
      await rename(path, `${path}.unreadable`).catch(() => undefined);
      return none;
    }
  }
}
