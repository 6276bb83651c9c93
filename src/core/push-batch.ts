import type { Topic } from '../contract/contract.ts';
import type { PushListener, TopicInterest } from './push-bus.ts';
import { systemClock, type Clock, type TimerHandle } from '../lib/clock.ts';

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
 *
 * What may wait (`addLater`: pushes, which no caller awaits) waits up to `gatherMs` for what
 * comes in the next turns: one message posted to a channel several signed-in accounts read
 * comes back in each account's own answer, turns apart, and changed the badge in each; a
 * frame's time gathers them into one delivery (bench/README.md, `background`). Anything
 * added with `add` (an answer the page awaits) leaves at the end of its turn, and takes
 * what waited along, so the order is kept.
 */
export class TurnBatch<T> {
  #queued: T[] = [];
  #turnEnd = false;
  #timer: TimerHandle | undefined;
  readonly #deliver: (items: T[]) => void;
  readonly #gatherMs: number;
  readonly #clock: Clock;

  constructor(
    deliver: (items: T[]) => void,
    { gatherMs = 0, clock = systemClock }: { gatherMs?: number; clock?: Clock } = {},
  ) {
    this.#deliver = deliver;
    this.#gatherMs = gatherMs;
    this.#clock = clock;
  }

  /** Delivered at the end of this turn, with whatever is queued. */
  add(item: T): void {
    this.#queued.push(item);
    if (this.#turnEnd) return;
    this.#turnEnd = true;
    setImmediate(() => {
      this.#turnEnd = false;
      this.flush();
    });
  }

  /** Delivered within `gatherMs`, with what else comes meanwhile (at the turn's end if 0). */
  addLater(item: T): void {
    if (this.#gatherMs <= 0) return this.add(item);
    this.#queued.push(item);
    if (this.#turnEnd || this.#timer) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.flush();
    }, this.#gatherMs);
  }

  /** A push of `topic`: gathered (`addLater`) unless its topic leaves at once (`gathers`). */
  addPush(topic: string, item: T): void {
    if (gathers(topic)) this.addLater(item);
    else this.add(item);
  }

  /** Delivers what is queued now (nothing when empty). */
  flush(): void {
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    const items = this.#queued;
    if (items.length === 0) return;
    this.#queued = [];
    this.#deliver(items);
  }
}

/**
 * How long a push waits for others: a frame at 60 Hz, so the page draws what it is told no
 * later than the frame it would have drawn it in anyway.
 */
export const PUSH_GATHER_MS = 16;

/**
 * Topics that answer what the user is doing now (a file's upload moving on): each leaves at
 * the end of its turn, as the answer it leads up to does, so every step is drawn. Gathering
 * is for what the server brings unasked.
 */
const PROMPT: ReadonlySet<string> = new Set<Topic>(['uploads.progress']);

/** Whether a push of `topic` may wait for others (`TurnBatch.addLater`). */
export function gathers(topic: string): boolean {
  return !PROMPT.has(topic);
}

/** Topics whose newest payload says all that an earlier one said: the badge counts it all. */
const SUPERSEDING: ReadonlySet<string> = new Set<Topic>(['badge.changed']);

/**
 * A delivery without the pushes a later one of it supersedes (`SUPERSEDING`): the page would
 * show each only to replace it within the same task. `topicOf` reads an item's topic
 * (undefined for an item that is not a push).
 */
export function withoutSuperseded<T>(items: T[], topicOf: (item: T) => string | undefined): T[] {
  const last = new Map<string, number>();
  items.forEach((item, i) => {
    const topic = topicOf(item);
    if (topic !== undefined && SUPERSEDING.has(topic)) last.set(topic, i);
  });
  if (last.size === 0) return items;
  return items.filter((item, i) => {
    const topic = topicOf(item);
    return topic === undefined || !SUPERSEDING.has(topic) || last.get(topic) === i;
  });
}

/**
 * A push listener that hands `listener` each turn's pushes together, in the order they
 * were published, gathered for `gatherMs` (TurnBatch) and without the superseded ones.
 * `subscribe` is the bus's (or the Core's) own.
 */
export function subscribeTurns(
  subscribe: (listener: PushListener, interest?: TopicInterest) => () => void,
  listener: (pushes: Push[]) => void,
  interest?: TopicInterest,
  gather?: { gatherMs?: number; clock?: Clock },
): () => void {
  let live = true;
  const batch = new TurnBatch<Push>(
    (pushes) => live && listener(withoutSuperseded(pushes, ([topic]) => topic)),
    gather,
  );
  const stop = subscribe((topic, payload) => batch.addPush(topic, [topic, payload]), interest);
  return () => {
    live = false;
    stop();
    batch.flush(); // what waited goes nowhere, and its timer with it
  };
}
