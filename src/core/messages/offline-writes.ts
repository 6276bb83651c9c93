/**
 * Reactions, stars and read marks made while the account's server cannot be reached
 * (docs/architecture.md, "Writes"): the request never left this computer, so the write is
 * kept, in the order made, and made again once the server answers the account's queue. Each
 * is idempotent on the server and read back after a lost answer (reconcile.ts), so making
 * it again can never change it twice. The queue is kept sealed with the account's drafts
 * (drafts.ts), so quitting while offline loses none; it is a description of each write, not
 * the call itself, and is made with the account's client of the moment.
 */
import type { QueuedWrite } from '../../contract/schemas/offline-writes.ts';
import { Unreached } from './reconcile.ts';

export type { QueuedWrite };

/** Where an account's queue is kept between runs. */
export interface QueuedWriteStore {
  load(accountId: string): Promise<QueuedWrite[]>;
  save(accountId: string, writes: QueuedWrite[]): Promise<void>;
}

/** `told`: the call that asked for the write hears its outcome; false when made again later. */
type Maker<K extends QueuedWrite['kind']> = (
  accountId: string,
  args: Extract<QueuedWrite, { kind: K }>['args'],
  told: boolean,
) => Promise<unknown>;

export interface OfflineWritesOptions {
  store?: QueuedWriteStore;
  /** The account's queue changed: its rows show what waits. */
  onChange?: (accountId: string, writes: QueuedWrite[]) => void;
  /** A kept write the server refused when it answered again (the message was deleted). */
  onDropped?: (accountId: string, write: QueuedWrite, reason: Error) => void;
}

export class OfflineWrites {
  readonly #queued = new Map<string, QueuedWrite[]>();
  readonly #loading = new Map<string, Promise<QueuedWrite[]>>();
  readonly #flushing = new Map<string, Promise<void>>();
  readonly #makers = new Map<
    string,
    (accountId: string, args: unknown, told: boolean) => Promise<unknown>
  >();
  readonly #opts: OfflineWritesOptions;
  /** The last save per account: saves go one after another, the file ends as the queue. */
  readonly #saving = new Map<string, Promise<void>>();

  constructor(options: OfflineWritesOptions = {}) {
    this.#opts = options;
  }

  /** How a kind of write is made: by the service that owns it, outside this queue. */
  handle<K extends QueuedWrite['kind']>(kind: K, make: Maker<K>): void {
    this.#makers.set(
      kind,
      make as (accountId: string, args: unknown, told: boolean) => Promise<unknown>,
    );
  }

  set onDropped(report: OfflineWritesOptions['onDropped']) {
    this.#opts.onDropped = report;
  }

  set onChange(report: OfflineWritesOptions['onChange']) {
    this.#opts.onChange = report;
  }

  /**
   * Makes the write now; if the server cannot be reached it is kept for later and this
   * resolves, as the change will be made. Any other failure is the caller's, as before.
   */
  async run(accountId: string, write: QueuedWrite): Promise<void> {
    const queue = await this.#ready(accountId);
    if (queue.length > 0) {
      // Behind writes already waiting: made after them, in order.
      this.#queue(accountId, write);
      return;
    }
    try {
      await this.#make(accountId, write, true);
    } catch (err) {
      if (!(err instanceof Unreached)) throw err;
      this.#queue(accountId, write);
    }
  }

  waiting(accountId: string): number {
    return this.#queued.get(accountId)?.length ?? 0;
  }

  /** The account's kept writes, oldest first (read from its file on first use). */
  async list(accountId: string): Promise<QueuedWrite[]> {
    return [...(await this.#ready(accountId))];
  }

  /** The server answers the account again: the kept writes go, oldest first. */
  flush(accountId: string): Promise<void> {
    let run = this.#flushing.get(accountId);
    if (run) return run;
    run = (async () => {
      const queue = await this.#ready(accountId);
      while (queue.length > 0) {
        const write = queue[0]!;
        try {
          // Made again after an outage: only the keeper hears how it ended.
          await this.#make(accountId, write, false);
        } catch (err) {
          // Out of reach again: the rest wait for the next registration.
          if (err instanceof Unreached) return;
          // Refused by the server (the message was deleted meanwhile): nothing left to make.
          this.#opts.onDropped?.(accountId, write, err as Error);
        }
        queue.shift();
        this.#changed(accountId);
      }
    })().finally(() => this.#flushing.delete(accountId));
    this.#flushing.set(accountId, run);
    return run;
  }

  /** Signed out: what waited goes with the account (its file goes with the drafts). */
  forget(accountId: string): void {
    this.#queued.set(accountId, []);
    this.#loading.set(accountId, Promise.resolve(this.#queued.get(accountId)!));
    this.#opts.onChange?.(accountId, []);
  }

  /** Resolves once every save has finished, so quitting never cuts one short. */
  async settled(): Promise<void> {
    await Promise.all([...this.#saving.values()]);
  }

  #make(accountId: string, write: QueuedWrite, told: boolean): Promise<unknown> {
    const make = this.#makers.get(write.kind);
    if (!make) return Promise.reject(new Error(`No way to make a ${write.kind} write.`));
    return make(accountId, write.args, told);
  }

  #ready(accountId: string): Promise<QueuedWrite[]> {
    let loading = this.#loading.get(accountId);
    if (!loading) {
      loading = (this.#opts.store?.load(accountId) ?? Promise.resolve([]))
        .catch(() => [] as QueuedWrite[])
        .then((kept) => {
          // Writes queued while the file was read come after the ones it kept.
          const queue = [...kept, ...(this.#queued.get(accountId) ?? [])];
          this.#queued.set(accountId, queue);
          if (kept.length > 0) this.#opts.onChange?.(accountId, [...queue]);
          return queue;
        });
      this.#loading.set(accountId, loading);
    }
    return loading;
  }

  #queue(accountId: string, write: QueuedWrite): void {
    const queue = this.#queued.get(accountId) ?? [];
    queue.push(write);
    this.#queued.set(accountId, queue);
    this.#changed(accountId);
  }

  #changed(accountId: string): void {
    const writes = [...(this.#queued.get(accountId) ?? [])];
    this.#opts.onChange?.(accountId, writes);
    const store = this.#opts.store;
    if (!store) return;
    const save = (this.#saving.get(accountId) ?? Promise.resolve())
      .then(() => store.save(accountId, writes))
      // A failed save costs only the restart's copy: the queue holds for this run.
      .catch(() => undefined);
    this.#saving.set(accountId, save);
  }
}

/** What an offline write was, as the subject of a sentence. */
function writeSubject(write: QueuedWrite): string {
  switch (write.kind) {
    case 'reaction':
      return write.args.op === 'add'
        ? `Your :${write.args.emojiName}: reaction`
        : `Removing your :${write.args.emojiName}: reaction`;
    case 'star':
      return write.args.starred ? 'Your star' : 'Removing your star';
    case 'read':
      return write.args.messageIds.length > 1
        ? `Marking ${write.args.messageIds.length} messages as read`
        : 'Marking a message as read';
  }
}

/** Activity's line for a kept write the server refused when it answered again. */
function droppedWriteSentence(write: QueuedWrite, reason: Error): string {
  const gone = /invalid message|no such message|not found/i.test(reason.message);
  return gone
    ? `${writeSubject(write)}, made while the server could not be reached, was dropped: the message was deleted meanwhile.`
    : `${writeSubject(write)}, made while the server could not be reached, was dropped: the server refused it (${reason.message}).`;
}

/** What the account's Activity card says of the last kept write the server refused. */
export interface DroppedWriteNote {
  text: string;
  /** The server's error code, behind Details. */
  code: string;
  at: number;
}

/**
 * The note for a kept write the server refused, made at `at`; none for a read mark, whose
 * refusal (its message deleted meanwhile) loses the reader nothing and would hide the line
 * about a star or reaction that did not go.
 */
export function droppedWriteNote(
  write: QueuedWrite,
  reason: Error,
  at: number,
): DroppedWriteNote | undefined {
  if (write.kind === 'read') return undefined;
  const { code, apiCode } = reason as { code?: unknown; apiCode?: unknown };
  return {
    text: droppedWriteSentence(write, reason),
    code: String(code ?? apiCode ?? 'REFUSED'),
    at,
  };
}
