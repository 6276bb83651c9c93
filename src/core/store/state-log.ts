/**
 * What a snapshot of an account's models is: the server's last registration, as it came,
 * and the events applied since, in order. Replaying them gives the very models that
 * applying them live gave, whatever the models keep (docs/architecture.md, "The cache on
 * disk"), so the cache never needs a second way of writing the state down.
 *
 * The registration and each event are kept as JSON text from the moment they arrive: the
 * models take their objects over and later events change them in place, and text is also
 * what the cache writes.
 */
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';

export interface StoreSnapshot {
  /** POST /register's answer as JSON text. */
  register: string;
  /** The events applied since, as JSON text of one array. */
  events: string;
  newestMessageId: number;
}

/**
 * Past this many events since the registration a snapshot is not kept: replaying more
 * would slow the start it is for, and the next registration starts the log afresh.
 */
export const MAX_LOGGED_EVENTS = 20_000;

/** Events that change nothing a cached view shows, or nothing true after a restart. */
const NOT_LOGGED = new Set(['heartbeat', 'presence', 'typing']);

function typeOf(event: ServerEvent): string {
  return event.type === 'unknown' ? String((event.payload as { type?: unknown }).type) : event.type;
}

/** Whether a snapshot holds the event: a batch of none changes nothing the cache keeps. */
export function isLogged(event: ServerEvent): boolean {
  return !NOT_LOGGED.has(typeOf(event));
}

export class StateLog {
  /**
   * Whether the log is kept at all: an account no cache on disk keeps (a demo account, keys
   * kept in memory only) is never snapshotted, and its log would only grow, every event's
   * text held until the next registration (docs/architecture.md, "The cache on disk").
   */
  readonly #kept: boolean;
  #register: string | undefined;
  /**
   * The events a restored snapshot held, as the text between its brackets: kept as it was
   * read rather than parsed and written again one by one, since the next snapshot writes
   * them unchanged.
   */
  #restoredEvents = '';
  #restoredCount = 0;
  #events: string[] = [];
  #overflow = false;

  constructor({ kept = true }: { kept?: boolean } = {}) {
    this.#kept = kept;
  }

  /**
   * The registration a snapshot holds, parsed when it is replayed: the file it was read from
   * is authenticated (cache-format.ts), so this only refuses what another shape would break.
   */
  static registerOf(snapshot: StoreSnapshot): ApiRegisterResponse {
    const register: unknown = JSON.parse(snapshot.register);
    if (typeof register !== 'object' || register === null) throw new Error('no registration');
    return register as ApiRegisterResponse;
  }

  static eventsOf(snapshot: StoreSnapshot): ServerEvent[] {
    const events: unknown = JSON.parse(snapshot.events);
    if (!Array.isArray(events)) throw new Error('no events');
    return events as ServerEvent[];
  }

  registered(data: ApiRegisterResponse): void {
    this.#register = this.#kept ? JSON.stringify(data) : undefined;
    this.#restoredEvents = '';
    this.#restoredCount = 0;
    this.#events = [];
    this.#overflow = false;
  }

  /** `count`: how many events `snapshot.events` holds (the restore has just replayed them). */
  restored(snapshot: StoreSnapshot, count: number): void {
    if (!this.#kept) return;
    this.#register = snapshot.register;
    this.#restoredEvents = snapshot.events.trim().slice(1, -1).trim();
    this.#restoredCount = count;
    this.#events = [];
    this.#overflow = false;
  }

  applied(events: readonly ServerEvent[]): void {
    if (this.#register === undefined || this.#overflow) return;
    for (const event of events) if (isLogged(event)) this.#events.push(JSON.stringify(event));
    if (this.#restoredCount + this.#events.length > MAX_LOGGED_EVENTS) {
      this.#overflow = true;
      this.#restoredEvents = '';
      this.#restoredCount = 0;
      this.#events = [];
    }
  }

  snapshot(newestMessageId: number): StoreSnapshot | undefined {
    if (this.#register === undefined || this.#overflow) return undefined;
    const parts =
      this.#restoredEvents === '' ? this.#events : [this.#restoredEvents, ...this.#events];
    return { register: this.#register, events: `[${parts.join(',')}]`, newestMessageId };
  }
}
