/**
 * Perch's own Do Not Disturb, set from the tray or the Activity panel. It only silences:
 * the sync manager still decides every message and logs that DND held it back.
 */
import type { Clock, TimerHandle } from '../../lib/clock.ts';

export type DndChoice = 'off' | 'hour' | 'tomorrow' | 'indefinite';

export interface DndState {
  active: boolean;
  /** When it ends by itself (ms since epoch); null while off or until turned off. */
  until: number | null;
}

const OFF: DndState = { active: false, until: null };
const HOUR_MS = 3_600_000;
const MORNING_HOUR = 8;
/** Before this hour "until tomorrow" means this morning: the user has not slept yet. */
const NIGHT_ENDS_HOUR = 4;

/** 08:00 local time of the next morning. */
export function nextMorning(now: number): number {
  const at = new Date(now);
  if (at.getHours() >= NIGHT_ENDS_HOUR) at.setDate(at.getDate() + 1);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at.getTime();
}

export class DoNotDisturb {
  private readonly clock: Clock;
  private current: DndState = OFF;
  private timer: TimerHandle | undefined;
  private readonly listeners = new Set<(state: DndState) => void>();

  constructor(clock: Clock) {
    this.clock = clock;
  }

  set(choice: DndChoice): DndState {
    const now = this.clock.now();
    const until =
      choice === 'hour' ? now + HOUR_MS : choice === 'tomorrow' ? nextMorning(now) : null;
    this.apply(choice === 'off' ? OFF : { active: true, until });
    return this.state();
  }

  /**
   * Takes back what an earlier run saved, so "until tomorrow" survives a restart. A period
   * that ended while Perch was not running stays off, and nobody is told it changed.
   */
  restore(saved: DndState): void {
    const ended = saved.until !== null && saved.until <= this.clock.now();
    this.current = saved.active && !ended ? { ...saved } : OFF;
    this.schedule();
  }

  /** Expiry is also checked when asked: a timer can fire late after the machine slept. */
  state(): DndState {
    if (this.current.until !== null && this.clock.now() >= this.current.until) this.apply(OFF);
    return { ...this.current };
  }

  isActive(): boolean {
    return this.state().active;
  }

  /** Called on every change, including a period ending by itself. */
  onChange(listener: (state: DndState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  private apply(next: DndState): void {
    this.current = next;
    this.schedule();
    for (const listener of this.listeners) listener({ ...next });
  }

  /** The tray and the Activity panel learn the end when it comes, not when they next ask. */
  private schedule(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const { until } = this.current;
    if (until === null) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.state();
    }, until - this.clock.now());
  }
}
