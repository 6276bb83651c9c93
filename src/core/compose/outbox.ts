/**
 * One account's outbox (docs/architecture.md, "Writes"): every send the user makes, from the moment compose
 * hands it over until the server has it, so nothing is sent twice and nothing is lost.
 *
 * A send carries the account's event queue and a fresh `local_id`. It is confirmed by the
 * send's answer or by the sender's own message event echoing `local_message_id`. When the
 * answer is lost (cut, timed out, the link broke after the request may have gone out) the
 * outbox does not guess: it waits for its own event and, after a re-register or a short wait,
 * looks the message up among the user's own recent messages in that conversation. Only a
 * send known not to have arrived is called failed, and only that one can be tried again.
 * The entries are kept on disk (with the drafts, atomically), and a restart resumes each
 * unconfirmed one by lookup-then-send.
 *
 * A send made while the server cannot be reached (Perch started from the cache offline, or
 * the server went away) never left this computer: it waits, in the order written, and goes
 * out once the account's queue registers again or a later attempt gets through. Since
 * nothing arrived, sending it then cannot double it.
 */
import type { Clock, TimerHandle } from '../../lib/clock.ts';
import type { SendTo } from '../../contract/schemas/messages.ts';
import type { OutboxEntry } from '../../contract/schemas/outbox.ts';

/** What became of one POST /messages. */
export type SendOutcome =
  | { kind: 'sent'; messageId: number }
  /** The server refused it: known not to have arrived, and sending again would not help. */
  | { kind: 'refused'; reason: string }
  /** The server could not be reached: the request never left, so it waits to be sent. */
  | { kind: 'offline' }
  /** The request may have reached the server; its answer did not come back. */
  | { kind: 'unknown' };

/** What a lookup of the user's own recent messages in the conversation found. */
export type LookupOutcome =
  { kind: 'found'; messageId: number } | { kind: 'absent' } | { kind: 'unknown' };

/** The server, as the outbox uses it (the real one in outbox-port.ts; a fake in tests). */
export interface OutboxPort {
  /** The account's current event queue, if it has one. */
  queueId(): string | undefined;
  send(entry: OutboxEntry, queueId: string | undefined): Promise<SendOutcome>;
  /** Among the user's own messages in `entry.to` since `entry.createdAt`, one with its text
   * and not among `claimed` (messages other entries were confirmed as). */
  lookup(entry: OutboxEntry, claimed: ReadonlySet<number>): Promise<LookupOutcome>;
}

/** Where entries are kept across restarts (the drafts file: see drafts.ts). */
export interface OutboxKeeper {
  list(): Promise<OutboxEntry[]>;
  /** Adds the entry and drops the draft it came from, in one write. */
  take(entry: OutboxEntry): Promise<void>;
  put(entry: OutboxEntry): Promise<void>;
  remove(localId: string): Promise<void>;
}

export interface OutboxChange {
  entries: OutboxEntry[];
  confirmed: { localId: string; messageId: number }[];
}

export interface OutboxOptions {
  port: OutboxPort;
  keeper: OutboxKeeper;
  clock: Clock;
  onChange: (change: OutboxChange) => void;
  /** A fresh local id (random in the app; a counter in tests). */
  newLocalId: () => string;
}

/** The first look-up after a lost answer: long enough for a late event, short for a user. */
export const FIRST_CHECK_MS = 3_000;
/** Look-ups that could not reach the server are repeated, up to this far apart. */
export const MAX_CHECK_MS = 60_000;

export const NOT_ARRIVED =
  'The server does not have it: the connection broke before the message got there.';

export class Outbox {
  readonly #o: OutboxOptions;
  readonly #entries = new Map<string, OutboxEntry>();
  /** What a look-up that finds nothing leads to: send (resumed after a restart) or fail. */
  readonly #whenAbsent = new Map<string, 'send' | 'fail'>();
  readonly #timers = new Map<string, { handle: TimerHandle; delay: number }>();
  /** Entries with a send or a look-up in flight: one at a time each. */
  readonly #busy = new Set<string>();
  /** Message ids entries were confirmed as, so a look-up never claims one twice. */
  readonly #claimed = new Set<number>();
  #loaded: Promise<void> | undefined;
  #closed = false;
  /** The next attempt at the waiting sends, and how long it waited for. */
  #waitTimer: { handle: TimerHandle; delay: number } | undefined;
  #lastWaitDelay: number | undefined;
  #flushing: Promise<void> | undefined;

  constructor(options: OutboxOptions) {
    this.#o = options;
  }

  /** Reads the kept entries and resumes every unconfirmed one by lookup-then-send. */
  start(): Promise<void> {
    this.#loaded ??= this.#o.keeper.list().then((kept) => {
      for (const entry of kept) {
        if (this.#entries.has(entry.localId)) continue;
        const resumed: OutboxEntry =
          entry.state === 'failed' || entry.state === 'waiting'
            ? entry
            : { ...entry, state: 'unconfirmed' };
        this.#entries.set(entry.localId, resumed);
        if (resumed.state === 'unconfirmed') {
          this.#whenAbsent.set(entry.localId, 'send');
          void this.#check(entry.localId);
        }
      }
      this.#changed();
      if (this.#waiting().length > 0) void this.#flushWaiting();
    });
    return this.#loaded;
  }

  list(): OutboxEntry[] {
    return [...this.#entries.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Takes a send from compose: kept (and its draft dropped) before anything goes out. */
  async submit(input: {
    to: SendTo;
    content: string;
    where?: string | undefined;
    draftKey?: string | undefined;
  }): Promise<OutboxEntry> {
    await this.start();
    const entry: OutboxEntry = {
      localId: this.#o.newLocalId(),
      to: input.to,
      content: input.content,
      ...(input.where !== undefined ? { where: input.where } : {}),
      ...(input.draftKey !== undefined ? { draftKey: input.draftKey } : {}),
      createdAt: this.#o.clock.now(),
      state: 'sending',
    };
    await this.#o.keeper.take(entry);
    this.#entries.set(entry.localId, entry);
    this.#changed();
    // Behind sends already waiting for the server: it goes out after them, in order.
    if (this.#waiting().length > 0) {
      await this.#set(entry.localId, { state: 'waiting' });
      this.#scheduleWaiting();
    } else void this.#attempt(entry.localId);
    return entry;
  }

  /** Try again, for a send known not to have arrived: looked up first, then sent. */
  async retry(localId: string): Promise<void> {
    const entry = this.#entries.get(localId);
    if (!entry || entry.state !== 'failed' || this.#busy.has(localId)) return;
    this.#whenAbsent.set(localId, 'send');
    await this.#set(localId, { state: 'unconfirmed' });
    await this.#check(localId);
  }

  /** Drops a failed send (the user decided not to send it). */
  async discard(localId: string): Promise<void> {
    const entry = this.#entries.get(localId);
    if (!entry || entry.state !== 'failed' || this.#busy.has(localId)) return;
    await this.#drop(localId);
    this.#changed();
  }

  /** The account's events: a message event echoing one of our local ids confirms it. */
  onMessageEvent(localMessageId: string, messageId: number): void {
    if (this.#entries.has(localMessageId)) void this.#confirm(localMessageId, messageId);
  }

  /** The event queue registered afresh: events for the old queue are lost, so look up now. */
  onReregistered(): void {
    for (const entry of this.#entries.values())
      if (entry.state === 'unconfirmed') void this.#check(entry.localId);
    this.onServerAnswers();
  }

  /** The server answers the account's queue again: what waited for it goes now. */
  onServerAnswers(): void {
    if (this.#waiting().length === 0) return;
    this.#unscheduleWaiting();
    void this.#flushWaiting();
  }

  /** Stops every timer (sign-out, quit, or a simulated crash in tests); the file stays. */
  close(): void {
    this.#closed = true;
    for (const { handle } of this.#timers.values()) this.#o.clock.clearTimeout(handle);
    this.#timers.clear();
    this.#unscheduleWaiting();
  }

  #waiting(): OutboxEntry[] {
    return this.list().filter((e) => e.state === 'waiting');
  }

  /**
   * Sends the waiting entries one after another, oldest first, so they arrive in the order
   * written; the first that still cannot reach the server stops the round, and the next
   * round comes later (backing off) or at the next registration.
   */
  #flushWaiting(): Promise<void> {
    this.#flushing ??= (async () => {
      try {
        for (;;) {
          const next = this.#waiting()[0];
          if (!next || this.#closed) return;
          // Offline again, or the entry busy elsewhere: this round ends here.
          const outcome = await this.#attempt(next.localId);
          if (outcome === 'offline' || outcome === undefined) return;
        }
      } finally {
        this.#flushing = undefined;
      }
    })();
    return this.#flushing;
  }

  #scheduleWaiting(): void {
    if (this.#closed || this.#waitTimer) return;
    const delay = Math.min(MAX_CHECK_MS, (this.#lastWaitDelay ?? FIRST_CHECK_MS / 2) * 2);
    this.#lastWaitDelay = delay;
    const handle = this.#o.clock.setTimeout(() => {
      this.#waitTimer = undefined;
      void this.#flushWaiting();
    }, delay);
    this.#waitTimer = { handle, delay };
  }

  #unscheduleWaiting(): void {
    if (this.#waitTimer) this.#o.clock.clearTimeout(this.#waitTimer.handle);
    this.#waitTimer = undefined;
  }

  async #attempt(localId: string): Promise<SendOutcome['kind'] | undefined> {
    if (this.#closed || this.#busy.has(localId)) return undefined;
    const entry = this.#entries.get(localId);
    if (!entry) return undefined;
    this.#busy.add(localId);
    let outcome: SendOutcome;
    try {
      if (entry.state !== 'sending') await this.#set(localId, { state: 'sending' });
      outcome = await this.#o.port.send(entry, this.#o.port.queueId());
    } catch {
      outcome = { kind: 'unknown' };
    } finally {
      this.#busy.delete(localId);
    }
    if (this.#closed) return undefined;
    // Confirmed by its own event meanwhile, or discarded.
    if (!this.#entries.has(localId)) return outcome.kind;
    if (outcome.kind === 'sent') {
      this.#lastWaitDelay = undefined;
      await this.#confirm(localId, outcome.messageId);
    } else if (outcome.kind === 'refused') await this.#fail(localId, outcome.reason);
    else if (outcome.kind === 'offline') {
      const written = this.#set(localId, { state: 'waiting' });
      this.#scheduleWaiting();
      await written;
    } else {
      // Perch does not guess: its own event or a look-up will tell.
      this.#whenAbsent.set(localId, 'fail');
      // The look-up is armed with the state, before the entry's write to disk: whoever sees
      // "unconfirmed" knows the look-up is on its way, and a write that is slow or fails (a
      // full disk) cannot leave the entry unconfirmed with nothing to settle it.
      const written = this.#set(localId, { state: 'unconfirmed' });
      this.#schedule(localId, FIRST_CHECK_MS);
      await written;
    }
    return outcome.kind;
  }

  /** Looks the entry up on the server; what it finds decides its fate. */
  async #check(localId: string): Promise<void> {
    if (this.#closed || this.#busy.has(localId)) return;
    const entry = this.#entries.get(localId);
    if (!entry || entry.state !== 'unconfirmed') return;
    this.#unschedule(localId);
    this.#busy.add(localId);
    let found: LookupOutcome;
    try {
      found = await this.#o.port.lookup(entry, this.#claimed);
    } catch {
      found = { kind: 'unknown' };
    } finally {
      this.#busy.delete(localId);
    }
    if (this.#closed || !this.#entries.has(localId)) return;
    if (found.kind === 'found') {
      await this.#confirm(localId, found.messageId);
    } else if (found.kind === 'absent') {
      if (this.#whenAbsent.get(localId) === 'send') await this.#attempt(localId);
      else await this.#fail(localId, NOT_ARRIVED);
    } else {
      const last = this.#timers.get(localId)?.delay ?? FIRST_CHECK_MS;
      this.#schedule(localId, Math.min(MAX_CHECK_MS, last * 2));
    }
  }

  #schedule(localId: string, delay: number): void {
    this.#unschedule(localId);
    const handle = this.#o.clock.setTimeout(() => {
      this.#timers.delete(localId);
      void this.#check(localId);
    }, delay);
    this.#timers.set(localId, { handle, delay });
  }

  #unschedule(localId: string): void {
    const t = this.#timers.get(localId);
    if (t) this.#o.clock.clearTimeout(t.handle);
    this.#timers.delete(localId);
  }

  async #confirm(localId: string, messageId: number): Promise<void> {
    if (!this.#entries.has(localId) || this.#closed) return;
    this.#claimed.add(messageId);
    await this.#drop(localId);
    this.#changed([{ localId, messageId }]);
  }

  async #fail(localId: string, reason: string): Promise<void> {
    await this.#set(localId, { state: 'failed', reason });
  }

  async #set(localId: string, patch: Partial<OutboxEntry>): Promise<void> {
    const entry = this.#entries.get(localId);
    if (!entry || this.#closed) return;
    const { reason: _old, ...rest } = entry;
    const next: OutboxEntry = { ...rest, ...patch };
    this.#entries.set(localId, next);
    this.#changed();
    await this.#o.keeper.put(next);
  }

  async #drop(localId: string): Promise<void> {
    this.#entries.delete(localId);
    this.#whenAbsent.delete(localId);
    this.#unschedule(localId);
    await this.#o.keeper.remove(localId);
  }

  #changed(confirmed: OutboxChange['confirmed'] = []): void {
    if (!this.#closed) this.#o.onChange({ entries: this.list(), confirmed });
  }
}
