/**
 * A small in-memory chat server for the outbox's tests: POST /messages (with its local echo
 * to the named queue), the look-up of one's own messages, and faults switched per call.
 * Time is the test's ManualClock; nothing here touches the network.
 */
import type {
  LookupOutcome,
  OutboxKeeper,
  OutboxPort,
  SendOutcome,
} from '../../../../src/core/compose/outbox.ts';
import type { OutboxEntry } from '../../../../src/contract/schemas/outbox.ts';

/**
 * What the network does to one send: `ok`; `lostBefore` (never reaches the server, the
 * client sees a broken link); `lostAfter` (applied, the answer lost); `refused` (the server
 * says no, nothing applied); `offline` (the server cannot be reached: nothing left).
 */
export type SendFault = 'ok' | 'lostBefore' | 'lostAfter' | 'refused' | 'offline';
/** What happens to the sender's own message event: delivered now, held, or lost. */
export type EventFault = 'deliver' | 'hold' | 'lose';

export interface StoredMessage {
  id: number;
  content: string;
  to: string;
  timestamp: number;
}

export class FakeChatServer {
  readonly messages: StoredMessage[] = [];
  queueId = 'queue-1';
  sendFault: () => SendFault = () => 'ok';
  eventFault: () => EventFault = () => 'deliver';
  /** Whether a look-up gets through. */
  lookupWorks: () => boolean = () => true;
  /** Echoes waiting for `deliverHeld`, or delivered to `onEvent`. */
  held: { queueId: string; localId: string; messageId: number }[] = [];
  onEvent: (localId: string, messageId: number) => void = () => {};
  #nextId = 100;

  constructor(private readonly now: () => number) {}

  /** The queue is lost (server restart): held echoes for it will never come. */
  newQueue(): void {
    this.queueId = `${this.queueId}+`;
    this.held = [];
  }

  deliverHeld(): void {
    const held = this.held.filter((h) => h.queueId === this.queueId);
    this.held = [];
    for (const h of held) this.onEvent(h.localId, h.messageId);
  }

  count(content: string): number {
    return this.messages.filter((m) => m.content === content).length;
  }

  port(): OutboxPort {
    return {
      queueId: () => this.queueId,
      send: async (entry, queueId): Promise<SendOutcome> => {
        await Promise.resolve();
        const fault = this.sendFault();
        if (fault === 'refused') return { kind: 'refused', reason: 'The server refused it.' };
        if (fault === 'lostBefore') return { kind: 'unknown' };
        if (fault === 'offline') return { kind: 'offline' };
        const id = this.#nextId++;
        this.messages.push({
          id,
          content: entry.content,
          to: JSON.stringify(entry.to),
          timestamp: Math.floor(this.now() / 1000),
        });
        const echo = this.eventFault();
        if (queueId !== undefined && echo !== 'lose') {
          const e = { queueId, localId: entry.localId, messageId: id };
          if (echo === 'hold' || queueId !== this.queueId) this.held.push(e);
          else queueMicrotask(() => this.onEvent(e.localId, e.messageId));
        }
        await Promise.resolve();
        return fault === 'lostAfter' ? { kind: 'unknown' } : { kind: 'sent', messageId: id };
      },
      lookup: async (entry, claimed): Promise<LookupOutcome> => {
        await Promise.resolve();
        if (!this.lookupWorks()) return { kind: 'unknown' };
        const to = JSON.stringify(entry.to);
        const m = this.messages.find(
          (x) => x.to === to && x.content === entry.content && !claimed.has(x.id),
        );
        return m ? { kind: 'found', messageId: m.id } : { kind: 'absent' };
      },
    };
  }
}

/**
 * The drafts file's outbox, kept as JSON text so a "restart" reads only what was written.
 * Each change reads and writes in one step, as DraftStore's queued changes do; `restart()`
 * ends the writes of the process that "died" (a dead host writes nothing more).
 */
export class FakeKeeper implements OutboxKeeper {
  file = '[]';
  #generation = 0;
  #alive = 0;

  /** The keeper as the next process sees it; the previous one's writes stop. */
  restart(): OutboxKeeper {
    const mine = ++this.#generation;
    this.#alive = mine;
    const alive = () => this.#alive === mine;
    return {
      list: () => this.list(),
      take: async (e) => void (alive() && this.#change((all) => [...all, e])),
      put: async (e) =>
        void (alive() && this.#change((all) => all.map((x) => (x.localId === e.localId ? e : x)))),
      remove: async (id) =>
        void (alive() && this.#change((all) => all.filter((x) => x.localId !== id))),
    };
  }

  async list(): Promise<OutboxEntry[]> {
    return JSON.parse(this.file) as OutboxEntry[];
  }
  async take(entry: OutboxEntry): Promise<void> {
    this.#change((all) => [...all, entry]);
  }
  async put(entry: OutboxEntry): Promise<void> {
    this.#change((all) => all.map((e) => (e.localId === entry.localId ? entry : e)));
  }
  async remove(localId: string): Promise<void> {
    this.#change((all) => all.filter((e) => e.localId !== localId));
  }
  #change(change: (all: OutboxEntry[]) => OutboxEntry[]): void {
    this.file = JSON.stringify(change(JSON.parse(this.file) as OutboxEntry[]));
  }
}

/** Lets every queued promise callback run (no time passes). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
}
