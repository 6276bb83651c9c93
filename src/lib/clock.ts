/**
 * Time as an injectable dependency. Everything that waits (backoff, rate-limit pauses,
 * heartbeats, queue expiry) takes a Clock so tests drive time instead of sleeping.
 */
export interface TimerHandle {
  readonly id: number;
}

export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

/** Resolves after `ms` on the given clock; rejects with the signal's reason if aborted first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class SystemClock implements Clock {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        fn();
      },
      Math.max(0, ms),
    );
    // A pending wait must never keep a CLI or test process alive on its own.
    timer.unref?.();
    this.timers.set(id, timer);
    return { id };
  }

  clearTimeout(handle: TimerHandle | undefined): void {
    if (!handle) return;
    const timer = this.timers.get(handle.id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(handle.id);
  }
}

export const systemClock: Clock = new SystemClock();

/**
 * A clock that only moves when told to. `advance` fires due timers in time order and lets
 * promise continuations run between them, so code awaiting a timer observes the same
 * ordering it would with real time.
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.set(id, { at: this.current + Math.max(0, ms), fn });
    return { id };
  }

  clearTimeout(handle: TimerHandle | undefined): void {
    if (handle) this.pending.delete(handle.id);
  }

  /** Number of timers waiting to fire. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await flushMicrotasks();
      const next = this.nextDue(target);
      if (!next) break;
      this.pending.delete(next.id);
      this.current = next.at;
      next.fn();
    }
    this.current = target;
    await flushMicrotasks();
  }

  private nextDue(limit: number): { id: number; at: number; fn: () => void } | undefined {
    let best: { id: number; at: number; fn: () => void } | undefined;
    for (const [id, t] of this.pending) {
      if (t.at <= limit && (!best || t.at < best.at || (t.at === best.at && id < best.id))) {
        best = { id, ...t };
      }
    }
    return best;
  }
}

/** Lets queued promise callbacks (and I/O callbacks already due) run. */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}
