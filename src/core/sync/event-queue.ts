/**
 * One account's event queue: POST /register, then GET /events long-polls on their own
 * connection, forever, until stopped. Modelled on the robust clients of this service:
 * heartbeats are consumed silently, network and 5xx failures back off with full jitter
 * (reset by a success), RATE_LIMIT_HIT waits what the server asked, BAD_EVENT_QUEUE_ID
 * re-registers at once, and a rejected credential stops the queue for good. A batch of
 * events that cannot be read or applied is never polled for again: it would come back the
 * same every time. The queue is dropped and, after a backoff, a fresh one is registered,
 * whose state snapshot already holds what the batch changed.
 */
import { sleep, type Clock } from '../../lib/clock.ts';
import type { ApiClient } from '../../api/client.ts';
import type { ApiError } from '../../api/errors.ts';
import {
  BadEventQueueIdError,
  CertificateChangedError,
  InvalidApiKeyError,
  MalformedResponseError,
  NetworkError,
  RateLimitHitError,
  RealmDeactivatedError,
  UserDeactivatedError,
} from '../../api/errors.ts';
import { deleteQueue, getEvents, register, type RegisterParams } from '../../api/routes/events.ts';
import type { RegisterResponse } from '../../api/schemas/register.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import { defaultBackoff, fullJitterDelay, type BackoffPolicy } from './backoff.ts';
import { silenceLimitMs } from './heartbeat.ts';
import { ServerLiveCheck } from './live-check.ts';

export { DEFAULT_LIVE_CHECK_EVERY_MS, DEFAULT_LIVE_CHECK_TIMEOUT_MS } from './live-check.ts';

export type QueueState =
  | 'idle'
  | 'registering'
  | 'polling'
  /** Still polling, but the poll has outlived the heartbeat the server owes it. */
  | 'not_answering'
  | 'backoff'
  | 'stopped'
  | 'needs_attention';

export interface QueueHealth {
  state: QueueState;
  queueId: string | undefined;
  lastEventId: number;
  /** When the last real event or heartbeat arrived (ms since epoch). */
  lastEventAt: number | undefined;
  lastHeartbeatAt: number | undefined;
  /** While not answering: when the server last answered (the unanswered poll's start). */
  silentSince: number | undefined;
  /** Registrations after the first one (queue lost, server restarted, credentials fixed). */
  reconnects: number;
  /**
   * The first failure after the last success (ms since epoch): "Offline since 10:42". A
   * silent server counts from when it last answered (`silentSince`).
   */
  offlineSince: number | undefined;
  /** Failed attempts in a row; 0 after any success. */
  failures: number;
  /** When the next attempt starts, while backing off. */
  retryAt: number | undefined;
  lastError: string | undefined;
}

export type RegisterReason = 'start' | 'reregister';

export interface EventQueueOptions {
  client: ApiClient;
  clock: Clock;
  registerParams: RegisterParams;
  /**
   * A queue was registered. On 'reregister' the caller reloads the state it depends on and
   * fetches what it missed. The loop does not poll until this resolves; `signal` aborts
   * when the queue is kicked or stopped meanwhile.
   */
  onRegistered: (
    initial: RegisterResponse,
    reason: RegisterReason,
    signal: AbortSignal,
  ) => Promise<void> | void;
  /** A batch of events (heartbeats removed), in id order; acknowledged once this resolves. */
  onEvents: (events: ServerEvent[]) => Promise<void> | void;
  /**
   * The server rejected the credentials, or presented a certificate other than the one the
   * user trusted; the queue has stopped and will not retry.
   */
  onCredentialsRejected: (error: AccountStopError) => void;
  onHealth?: (health: QueueHealth) => void;
  backoff?: BackoffPolicy;
  random?: () => number;
  /**
   * A cheap request that resolves once the server answers again (GET /server_settings).
   * While the queue waits after losing the network, it probes on a short schedule and
   * tries again the moment the server answers, instead of sleeping out a backoff of up to
   * a minute; the backoff itself stays full-jitter.
   */
  probe?: (signal: AbortSignal) => Promise<unknown>;
  /** The waits between probes; the last repeats. */
  probeScheduleMs?: readonly number[];
  /**
   * How often a quiet long-poll checks with `probe` that the server still answers
   * (live-check.ts), when no `liveCheck` shared with the server's other accounts is given.
   */
  liveCheckEveryMs?: number;
  /** How long a check may go unanswered before the server is shown as not answering. */
  liveCheckTimeoutMs?: number;
  /** The live check of this queue's server, shared by every account on it (live-check.ts). */
  liveCheck?: ServerLiveCheck;
}

/** Short enough that a server back after an outage is used within about two seconds. */
export const DEFAULT_PROBE_SCHEDULE_MS = [500, 1_000, 2_000] as const;

/** How long quitting or signing out waits for DELETE /events. */
const RELEASE_TIMEOUT_MS = 3_000;

/** What stops an account until the user acts: retrying cannot fix either. */
export type AccountStopError = ApiError | CertificateChangedError;

const credentialErrors = [
  InvalidApiKeyError,
  UserDeactivatedError,
  RealmDeactivatedError,
  CertificateChangedError,
];

export function isCredentialError(err: unknown): err is AccountStopError {
  return credentialErrors.some((cls) => err instanceof cls);
}

class Kicked extends Error {}

/** Applying a batch failed; re-polling would only fail on the same batch again. */
class EventsNotApplied extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`events could not be applied: ${reason}`, { cause });
  }
}

/** A queue's health before its first attempt. */
export function idleHealth(): QueueHealth {
  return {
    state: 'idle',
    queueId: undefined,
    lastEventId: -1,
    lastEventAt: undefined,
    lastHeartbeatAt: undefined,
    silentSince: undefined,
    reconnects: 0,
    failures: 0,
    offlineSince: undefined,
    retryAt: undefined,
    lastError: undefined,
  };
}

export class EventQueue {
  private readonly opts: EventQueueOptions;
  private readonly random: () => number;
  private health: QueueHealth = idleHealth();
  private current: AbortController | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private registeredOnce = false;
  /** The server's event_queue_longpoll_timeout_seconds, from the last register. */
  private longpollTimeoutSeconds: number | undefined;
  private readonly liveCheck: ServerLiveCheck;

  constructor(options: EventQueueOptions) {
    this.opts = options;
    this.random = options.random ?? Math.random;
    this.liveCheck =
      options.liveCheck ??
      new ServerLiveCheck({
        clock: options.clock,
        ...(options.liveCheckEveryMs ? { everyMs: options.liveCheckEveryMs } : {}),
        ...(options.liveCheckTimeoutMs ? { timeoutMs: options.liveCheckTimeoutMs } : {}),
      });
  }

  getHealth(): QueueHealth {
    return { ...this.health };
  }

  /** Starts the loop; resolves when it ends (stopped, or credentials rejected). */
  start(): Promise<void> {
    if (!this.running) {
      this.stopping = false;
      this.running = this.loop().finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /** Abandons the current poll or wait and reconnects at once (wake from sleep, network change). */
  kick(): void {
    this.current?.abort(new Kicked('kicked'));
  }

  /** Ends a wait between failed attempts (the user came back to the window); a live poll goes on. */
  retryIfWaiting(): void {
    if (this.health.state === 'backoff') this.kick();
  }

  /** Ends the loop and, if asked, releases the queue on the server (DELETE /events). */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    this.stopping = true;
    this.current?.abort(new Kicked('stopped'));
    await this.running;
    const queueId = this.health.queueId;
    // A queue stopped by rejected credentials keeps saying so: the user has to act.
    const state = this.health.state === 'needs_attention' ? 'needs_attention' : 'stopped';
    this.update({ state, queueId: undefined, retryAt: undefined });
    if (release && queueId) await this.release(queueId);
  }

  /** DELETE /events, bounded: the server collects a queue itself, so nothing waits on it long. */
  private async release(queueId: string): Promise<void> {
    const ctrl = new AbortController();
    const timer = this.opts.clock.setTimeout(() => ctrl.abort(), RELEASE_TIMEOUT_MS);
    try {
      await deleteQueue(this.opts.client, queueId, ctrl.signal);
    } catch {
      // Unreachable or already gone: either way there is nothing left to release.
    } finally {
      this.opts.clock.clearTimeout(timer);
    }
  }

  private update(change: Partial<QueueHealth>): void {
    // Each poll starts by saying it polls; while it already did, nobody needs telling, and
    // each telling rebuilt every account's status (core-wiring.ts).
    const keys = Object.keys(change) as (keyof QueueHealth)[];
    if (keys.every((key) => change[key] === this.health[key])) return;
    this.health = { ...this.health, ...change };
    this.opts.onHealth?.(this.getHealth());
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const ctrl = new AbortController();
      this.current = ctrl;
      try {
        if (!this.health.queueId) await this.registerQueue(ctrl.signal);
        else await this.pollOnce(ctrl.signal);
        if (this.health.failures > 0 || this.health.offlineSince !== undefined)
          this.update({ failures: 0, lastError: undefined, offlineSince: undefined });
      } catch (err) {
        if (this.stopping) break;
        if (err instanceof Kicked || ctrl.signal.reason instanceof Kicked) continue;
        if (isCredentialError(err)) {
          this.update({ state: 'needs_attention', lastError: err.message, queueId: undefined });
          this.opts.onCredentialsRejected(err);
          return;
        }
        if (err instanceof BadEventQueueIdError) {
          // The server forgot the queue (restart, or garbage-collected while we slept).
          this.update({ queueId: undefined, lastError: err.message });
          continue;
        }
        const stuck = this.health.queueId;
        if (stuck && (err instanceof MalformedResponseError || err instanceof EventsNotApplied)) {
          this.update({ queueId: undefined });
          await this.release(stuck);
        }
        await this.waitBeforeRetry(err, ctrl.signal);
      }
    }
  }

  private async registerQueue(signal: AbortSignal): Promise<void> {
    this.update({ state: 'registering' });
    const { data } = await register(this.opts.client, this.opts.registerParams, signal);
    const reason: RegisterReason = this.registeredOnce ? 'reregister' : 'start';
    try {
      await this.opts.onRegistered(data, reason, signal);
    } catch (err) {
      // The next attempt registers afresh; this queue would only wait for the server's GC.
      if (data.queue_id) await this.release(data.queue_id);
      throw err;
    }
    this.registeredOnce = true;
    this.longpollTimeoutSeconds = data.event_queue_longpoll_timeout_seconds;
    this.update({
      state: 'polling',
      retryAt: undefined,
      queueId: data.queue_id ?? undefined,
      lastEventId: data.last_event_id,
      reconnects: this.health.reconnects + (reason === 'reregister' ? 1 : 0),
    });
  }

  private async pollOnce(signal: AbortSignal): Promise<void> {
    const startedAt = this.opts.clock.now();
    this.update({ state: 'polling', retryAt: undefined, silentSince: undefined });
    // Only a label: the poll keeps waiting for its real timeout, and nothing re-registers,
    // so an answer that comes late is still taken and no event is lost.
    const silence = this.opts.clock.setTimeout(
      () => this.update({ state: 'not_answering', silentSince: startedAt }),
      silenceLimitMs(this.longpollTimeoutSeconds),
    );
    // The poll ends when the loop's signal aborts or when the server is found gone (`lost`).
    // Linked by a listener, not AbortSignal.any: that costs several times as much in Node
    // (about 35 against 8 us), and every account polls again after each incoming message.
    const poll = new AbortController();
    const follow = () => poll.abort(signal.reason);
    if (signal.aborted) follow();
    else signal.addEventListener('abort', follow, { once: true });
    const unwatch = this.watchWhilePolling(startedAt, poll);
    let answered = false;
    let data;
    try {
      ({ data } = await getEvents(
        this.opts.client,
        { queue_id: this.health.queueId!, last_event_id: this.health.lastEventId },
        poll.signal,
      ));
      answered = true;
    } catch (err) {
      // The server closed its connections or refused a check: the network error is what the
      // loop backs off on, and the same queue is polled again, so no event is lost.
      if (poll.signal.aborted && !signal.aborted) throw poll.signal.reason;
      throw err;
    } finally {
      signal.removeEventListener('abort', follow);
      unwatch?.(answered);
      this.opts.clock.clearTimeout(silence);
    }
    if (this.health.state === 'not_answering') {
      this.update({ state: 'polling', silentSince: undefined });
    }
    const now = this.opts.clock.now();
    const real = data.events.filter((e) => e.type !== 'heartbeat');
    const maxId = data.events.reduce((m, e) => Math.max(m, e.id), this.health.lastEventId);
    if (real.length > 0) {
      try {
        await this.opts.onEvents(real);
      } catch (err) {
        if (signal.aborted) throw err;
        throw new EventsNotApplied(err);
      }
    }
    // Acknowledge only what was applied: a failed batch is replaced by a fresh queue's state.
    this.update({
      lastEventId: maxId,
      ...(real.length > 0 ? { lastEventAt: now } : {}),
      ...(real.length < data.events.length ? { lastHeartbeatAt: now } : {}),
    });
  }

  private async waitBeforeRetry(err: unknown, signal: AbortSignal): Promise<void> {
    const failures = this.health.failures + 1;
    const policy = this.opts.backoff ?? defaultBackoff;
    const delay =
      err instanceof RateLimitHitError && err.retryAfter > 0
        ? Math.ceil(err.retryAfter * 1000)
        : fullJitterDelay(failures - 1, policy, this.random);
    this.update({
      state: 'backoff',
      silentSince: undefined,
      failures,
      offlineSince: this.health.offlineSince ?? this.health.silentSince ?? this.opts.clock.now(),
      retryAt: this.opts.clock.now() + delay,
      lastError: err instanceof Error ? err.message : String(err),
    });
    const waited = new AbortController();
    const answered = new AbortController();
    if (this.opts.probe && err instanceof NetworkError) {
      void this.probeUntilAnswered(AbortSignal.any([signal, waited.signal]), answered);
    }
    try {
      await sleep(this.opts.clock, delay, AbortSignal.any([signal, answered.signal]));
    } catch {
      // Kicked, stopped, or the server answered a probe: the loop decides what comes next.
    } finally {
      waited.abort();
    }
  }

  /**
   * While a poll waits, the server's live check asks it now and then whether it still
   * answers: a check left unanswered shows the account as not answering (the poll goes on,
   * so a late answer is still taken), and a refused or cut connection ends the poll through
   * `lost`.
   */
  private watchWhilePolling(startedAt: number, lost: AbortController) {
    // Only a silence these checks found is ended by their answer; a poll past its heartbeat
    // stays not answering even while other requests are answered.
    let markedSilent = false;
    const probe = this.opts.probe;
    if (!probe) return undefined;
    return this.liveCheck.watch({
      probe,
      silent: () => {
        if (this.health.state !== 'polling') return;
        markedSilent = true;
        this.update({ state: 'not_answering', silentSince: startedAt });
      },
      answered: () => {
        if (!markedSilent || this.health.state !== 'not_answering') return;
        // The server answers again; its poll will too.
        markedSilent = false;
        this.update({ state: 'polling', silentSince: undefined });
      },
      lost: (err) => lost.abort(err),
    });
  }

  /** Probes on the schedule until the server answers (then aborts `answered`) or `until` ends. */
  private async probeUntilAnswered(until: AbortSignal, answered: AbortController): Promise<void> {
    const schedule = this.opts.probeScheduleMs ?? DEFAULT_PROBE_SCHEDULE_MS;
    for (let i = 0; !until.aborted; i++) {
      try {
        await sleep(this.opts.clock, schedule[Math.min(i, schedule.length - 1)]!, until);
        await this.opts.probe!(until);
      } catch {
        continue; // still out of reach, or the wait is over (the loop condition says which)
      }
      answered.abort();
      return;
    }
  }
}
