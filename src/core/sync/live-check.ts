/**
 * The live check of quiet long-polls, one per server: a poll may rightly stay silent until
 * its heartbeat (heartbeat.ts), so without a check a stopped server would read as connected
 * for most of a minute. Every poll waiting on the same server is answered by the same check,
 * so five accounts of one organization cost one cheap request per period, not five, and a
 * server with no poll waiting is not checked at all.
 *
 * Judged by what the server answered, not by the wall clock alone: a check whose timeout
 * fired late (this process starved of CPU, or the computer asleep) is given the time again
 * instead of calling the server silent, and any poll on the server answered since the check
 * went out counts as the server answering. Any poll answered (events or a heartbeat) is
 * proof of life too: a check goes out only after a whole period in which nothing was heard.
 */
import { sleep, type Clock, type TimerHandle } from '../../lib/clock.ts';
import { NetworkError } from '../../api/errors.ts';

/** A stopped server is shown within about ten seconds, at one cheap request per period. */
export const DEFAULT_LIVE_CHECK_EVERY_MS = 7_000;
export const DEFAULT_LIVE_CHECK_TIMEOUT_MS = 3_000;
/** A timeout that fires this much late says more about this process than about the server. */
const LATE_TIMER_MS = 1_000;

/** One waiting poll, told what each check found. */
export interface LiveWatcher {
  /**
   * A cheap request that resolves once the server answers (GET /server_settings) on this
   * poll's account's client; a check goes out on one watcher's.
   */
  probe(signal: AbortSignal): Promise<unknown>;
  /** A check went unanswered past the timeout. */
  silent(): void;
  /** A check was answered. */
  answered(): void;
  /** A check's connection was refused or cut: the server is gone, the poll with it. */
  lost(error: NetworkError): void;
}

export interface LiveCheckOptions {
  clock: Clock;
  everyMs?: number;
  timeoutMs?: number;
}

export class ServerLiveCheck {
  private readonly opts: LiveCheckOptions;
  private readonly watchers = new Set<LiveWatcher>();
  /** Ends the running loop's wait or check once no poll waits any more. */
  private loop: AbortController | undefined;
  /** When a watched poll last ended with an answer (events or a heartbeat). */
  private lastAnswerAt = -Infinity;
  /**
   * No window shows the connection's state: the checks wait. A poll black-holed meanwhile
   * still ends at its own timeout (the server's heartbeat plus a margin, spec GET /events),
   * and a stopped server's refusal still ends it at once; only the words "not answering"
   * would come sooner, and nobody reads them. So a closed Perch sends no request of its own
   * to a quiet server (docs/architecture.md, "No window").
   */
  private paused = false;

  constructor(options: LiveCheckOptions) {
    this.opts = options;
  }

  /**
   * A poll starts waiting; the returned function ends its watch, `answered` saying whether
   * the poll ended with the server's answer. The first check comes a full period after the
   * first poll of a quiet server started waiting.
   */
  watch(watcher: LiveWatcher): (answered: boolean) => void {
    this.watchers.add(watcher);
    this.startLoop();
    return (answered) => {
      if (answered) this.lastAnswerAt = this.opts.clock.now();
      if (!this.watchers.delete(watcher) || this.watchers.size > 0) return;
      this.stopLoop();
    };
  }

  /**
   * Whether a window shows the connection's state. Checks stop while none does; once one
   * opens again, the first check comes a full period later, as for a poll that just began.
   */
  setShown(shown: boolean): void {
    this.paused = !shown;
    if (this.paused) this.stopLoop();
    else this.startLoop();
  }

  private startLoop(): void {
    if (this.loop || this.paused || this.watchers.size === 0) return;
    const loop = new AbortController();
    this.loop = loop;
    void this.run(loop.signal);
  }

  private stopLoop(): void {
    this.loop?.abort();
    this.loop = undefined;
  }

  private async run(until: AbortSignal): Promise<void> {
    const { clock } = this.opts;
    const every = this.opts.everyMs ?? DEFAULT_LIVE_CHECK_EVERY_MS;
    let quietSince = clock.now();
    while (!until.aborted) {
      try {
        await sleep(clock, Math.max(0, quietSince + every - clock.now()), until);
      } catch {
        return;
      }
      // A poll on this server answered within the period (its events, or the heartbeat the
      // server sends an idle poll: spec GET /events) already proves the server answers, so
      // the check waits for a whole period of silence: with traffic none goes out at all.
      if (clock.now() - this.lastAnswerAt < every) {
        quietSince = this.lastAnswerAt;
        continue;
      }
      await this.checkOnce(until);
      quietSince = clock.now();
    }
  }

  private async checkOnce(until: AbortSignal): Promise<void> {
    const { clock } = this.opts;
    const limit = this.opts.timeoutMs ?? DEFAULT_LIVE_CHECK_TIMEOUT_MS;
    const sentAt = clock.now();
    const asked = [...this.watchers];
    if (asked.length === 0) return;
    const check = new AbortController();
    let timer: TimerHandle | undefined;
    const arm = (armedAt: number) => {
      timer = clock.setTimeout(() => {
        if (until.aborted) return;
        // Late by more than the margin: this process was not running, so the server had
        // no fair chance to be heard; it gets the time again.
        if (clock.now() - armedAt > limit + LATE_TIMER_MS) return arm(clock.now());
        // Another poll on this server was answered meanwhile: the server answers.
        if (this.lastAnswerAt >= armedAt) return arm(clock.now());
        check.abort();
        for (const w of asked) if (this.watchers.has(w)) w.silent();
      }, limit);
    };
    arm(sentAt);
    try {
      await asked[0]!.probe(AbortSignal.any([until, check.signal]));
      if (until.aborted) return;
      for (const w of asked) if (this.watchers.has(w)) w.answered();
    } catch (err) {
      if (until.aborted) return;
      if (err instanceof NetworkError && !check.signal.aborted) {
        for (const w of asked) if (this.watchers.has(w)) w.lost(err);
      }
    } finally {
      clock.clearTimeout(timer);
    }
  }
}
