import type { Topic } from '../contract/contract.ts';
import type { PushListener, TopicInterest } from './push-bus.ts';

/** One pushed topic and its payload, as a batch carries it. */
export type Push = readonly [topic: Topic, payload: unknown];

/**
 * Gathers what one turn of the event loop hands over and delivers it once, in order, when
 * the turn is done (setImmediate). An incoming message brings its event, the unread counts,
 * the badge and the sidebar's change in the same turn: one delivery carries them all, so the
 * transport writes one message and the page runs one task and redraws once, where one per
 * push cost both sides a write, a task and a redraw each. Both hosts batch this way: browser
 * mode per WebSocket (src/web/host.ts), Electron per window (electron/ipc.ts, through
 * `Core.subscribeTurns`).
 */
export class TurnBatch<T> {
  #queued: T[] = [];
  readonly #deliver: (items: T[]) => void;

  constructor(deliver: (items: T[]) => void) {
    this.#deliver = deliver;
  }

  add(item: T): void {
    if (this.#queued.push(item) === 1) setImmediate(() => this.flush());
  }

  /** Delivers what is queued now (nothing when empty). */
  flush(): void {
    const items = this.#queued;
    if (items.length === 0) return;
    this.#queued = [];
    this.#deliver(items);
  }
}

/**
 * A push listener that hands `listener` each turn's pushes together, in the order they
 * were published. `subscribe` is the bus's (or the Core's) own.
 */
export function subscribeTurns(
  subscribe: (listener: PushListener, interest?: TopicInterest) => () => void,
  listener: (pushes: Push[]) => void,
  interest?: TopicInterest,
): () => void {
  const batch = new TurnBatch<Push>(listener);
  return subscribe((topic, payload) => batch.add([topic, payload]), interest);
}
