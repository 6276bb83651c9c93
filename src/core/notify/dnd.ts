/**
 * Perch's own Do Not Disturb, set from the tray or the Activity panel. It only silences:
 * the sync manager still decides every message and logs that DND held it back.
 */
import type { Clock } from '../../lib/clock.ts';

export type DndChoice = 'off' | 'hour' | 'tomorrow' | 'indefinite';

export interface DndState {
  active: boolean;
  /** When it ends by itself (ms since epoch); null while off or until turned off. */
  until: number | null;
}

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
  private on = false;
  private until: number | null = null;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  set(choice: DndChoice): DndState {
    const now = this.clock.now();
    this.on = choice !== 'off';
    this.until =
      choice === 'hour' ? now + HOUR_MS : choice === 'tomorrow' ? nextMorning(now) : null;
    return this.state();
  }

  /** Expiry is checked when asked, so no timer has to outlive the Core. */
  state(): DndState {
    if (this.on && this.until !== null && this.clock.now() >= this.until) {
      this.on = false;
      this.until = null;
    }
    return { active: this.on, until: this.on ? this.until : null };
  }

  isActive(): boolean {
    return this.state().active;
  }
}
