/**
 * Reports the user's presence as upstream's clients do: POST /users/me/presence every
 * ping interval, "active" while a Perch window is active and "idle" while one is open but
 * not in use, and takes in the presence of everyone else from the answer (incrementally, by
 * last_update_id). With no window open nothing is reported, so others see the user go
 * offline once the threshold passes, as when an upstream client is closed.
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

/** Whether a Perch window is open, and if so whether the user is using it. */
export type WindowPresence = 'active' | 'idle' | 'closed';

export class PresenceReporter {
  private readonly opts: PresenceReporterOptions;
  private timer: TimerHandle | undefined;
  /** The account is registered: its settings are known. */
  private ready = false;
  private stopped = false;
  private inFlight = false;
  /** A report asked for while one was in flight: sent when it returns. */
  private again = false;
  private window: WindowPresence = 'closed';
  /** Input since the last report (upstream's `new_user_input`). */
  private input = false;
  /** What the last report said, so closing after "active" can say "idle" at once. */
  private lastStatus: 'active' | 'idle' | undefined;

  constructor(options: PresenceReporterOptions) {
    this.opts = options;
  }

  private get running(): boolean {
    return this.ready && !this.stopped && this.window !== 'closed';
  }

  /** The account is registered: reporting begins (now, if a window is open). Idempotent. */
  start(): void {
    if (this.ready || this.stopped) return;
    this.ready = true;
    if (this.running) void this.tick();
  }

  /**
   * A Perch window became active (focused, the user present), idle, or none is open any
   * more. Opening or becoming active is reported at once, so others see it without waiting
   * a whole interval; closing stops the reports, after one last "idle" if the last said
   * "active", so others see the user leave now rather than when the report ages out.
   */
  setWindow(window: WindowPresence): void {
    const wasRunning = this.running;
    const was = this.window;
    this.window = window;
    if (window === 'active') this.input = true;
    if (!this.running) {
      this.clearTimer();
      if (wasRunning && this.lastStatus === 'active') this.leaving();
      return;
    }
    if (!wasRunning || (window === 'active' && was !== 'active')) void this.tick();
  }

  private leaving(): void {
    const state = this.opts.state();
    if (!state || state.presenceSettings.presenceDisabled) return;
    if (state.settings.presence_enabled === false) return;
    this.lastStatus = 'idle';
    const last = { status: 'idle', new_user_input: false, slim_presence: true } as const;
    // Lost, it changes nothing: the last report then ages past the threshold as before.
    void this.opts
      .report({ ...last, last_update_id: state.presenceLastUpdateId })
      .catch(() => undefined);
  }

  /** The account was removed or signed out: no more reports. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    this.opts.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.clearTimer();
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
    const status = this.window === 'active' ? 'active' : 'idle';
    this.lastStatus = status;
    const answer = await this.opts.report({
      status,
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
