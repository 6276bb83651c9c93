/**
 * Reports the user's presence as upstream's clients do: POST /users/me/presence every
 * ping interval, "active" while a Perch window is active and "idle" otherwise, and takes
 * in the presence of everyone else from the answer (incrementally, by last_update_id).
 * While the user shares no presence (`presence_enabled` off) nothing is reported; others'
 * presence is then read with GET /realm/presence instead, so the dots stay right.
 */
import type { TimerHandle, Clock } from '../../lib/clock.ts';
import type { UpdatePresenceParams } from '../../api/routes/presence.ts';
import type { PresenceSettings } from './presence-state.ts';

/** What the reporter reads of the account's state. */
export interface PresenceSource {
  readonly presenceSettings: Readonly<PresenceSettings>;
  readonly presenceLastUpdateId: number;
  readonly settings: Readonly<Record<string, unknown>>;
  mergePresences(presences: Record<string, unknown> | undefined, lastUpdateId?: number): void;
}

export interface PresenceReporterOptions {
  clock: Clock;
  /** The account's state; undefined until registered. */
  state: () => PresenceSource | undefined;
  /** POST /users/me/presence; resolves to the answer's fields. */
  report: (params: UpdatePresenceParams) => Promise<{
    presences?: Record<string, unknown> | undefined;
    presence_last_update_id?: number | undefined;
  }>;
  /** GET /realm/presence; resolves to its `presences`. */
  fetchAll: () => Promise<Record<string, unknown>>;
  /** Others' presence was taken in (the dots may move). */
  onPresences: () => void;
}

export class PresenceReporter {
  private readonly opts: PresenceReporterOptions;
  private timer: TimerHandle | undefined;
  private running = false;
  private stopped = false;
  private inFlight = false;
  /** A report asked for while one was in flight: sent when it returns. */
  private again = false;
  private windowActive = false;
  /** Input since the last report (upstream's `new_user_input`). */
  private input = false;

  constructor(options: PresenceReporterOptions) {
    this.opts = options;
  }

  get active(): boolean {
    return this.windowActive;
  }

  /** Starts reporting now (idempotent); the account must be registered. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    void this.tick();
  }

  /**
   * A Perch window became active (focused, the user present) or stopped being so.
   * Becoming active is reported at once, so others see it without waiting a whole interval.
   */
  setWindowActive(active: boolean): void {
    const was = this.windowActive;
    this.windowActive = active;
    if (active) this.input = true;
    if (active && !was && this.running) void this.tick();
  }

  /** The account was removed or signed out: no more reports. */
  stop(): void {
    this.stopped = true;
    this.running = false;
    this.opts.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.opts.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight = true;
    try {
      await this.once();
    } catch {
      // A failed report only leaves the dots as they were; the next interval tries again.
    } finally {
      this.inFlight = false;
    }
    if (!this.running) return;
    if (this.again) {
      this.again = false;
      void this.tick();
      return;
    }
    const seconds = this.opts.state()?.presenceSettings.pingIntervalSeconds ?? 60;
    this.timer = this.opts.clock.setTimeout(() => void this.tick(), seconds * 1000);
  }

  private async once(): Promise<void> {
    const state = this.opts.state();
    if (state === undefined || state.presenceSettings.presenceDisabled) return;
    if (state.settings.presence_enabled === false) {
      const presences = await this.opts.fetchAll();
      if (!this.running) return;
      state.mergePresences(presences);
      this.opts.onPresences();
      return;
    }
    const newInput = this.input;
    this.input = false;
    const answer = await this.opts.report({
      status: this.windowActive ? 'active' : 'idle',
      new_user_input: newInput,
      last_update_id: state.presenceLastUpdateId,
      // Servers before last_update_id answer the modern format only when asked this way.
      slim_presence: true,
    });
    if (!this.running) return;
    state.mergePresences(answer.presences, answer.presence_last_update_id);
    this.opts.onPresences();
  }
}
