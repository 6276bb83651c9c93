/**
 * One signed-in account's connection: its event queue (register, long-poll, backoff,
 * heartbeat), the gap fill after a lost queue, the presence reports and the rate-limit
 * waits. It only polls: each registration and each batch of events goes to the account's
 * store (store/account-store.ts), which applies them in its written order.
 */
import type { ApiClient, RateLimitWait } from '../../api/client.ts';
import { getRealmPresence, updatePresence } from '../../api/routes/presence.ts';
import { serverAnswers } from '../../api/routes/server.ts';
import type { RegisterResponse as ApiRegisterResponse } from '../../api/schemas/register.ts';
import type { Clock } from '../../lib/clock.ts';
import { PresenceReporter, type WindowPresence } from '../presence/reporter.ts';
import type { AccountStore, MissedMessage } from '../store/account-store.ts';
import type { BackoffPolicy } from './backoff.ts';
import {
  EventQueue,
  type AccountStopError,
  type QueueHealth,
  type RegisterReason,
} from './event-queue.ts';
import type { ServerLiveCheck } from './live-check.ts';
import { fetchMissedMessages, fetchUnreadSince } from './gap-fill.ts';
import { PERCH_REGISTER_PARAMS } from './register-params.ts';

/** A queue's health and the rate-limit wait, if any, that holds the account's calls back. */
export interface AccountHealth extends QueueHealth {
  /** While a call waits on the server's rate limit: when it may go (ms since epoch). */
  rateLimitedUntil: number | undefined;
  /** The call that waits, e.g. `GET /events`. */
  rateLimitedEndpoint: string | undefined;
}

export interface AccountSyncOptions {
  client: ApiClient;
  clock: Clock;
  /** Where the account's registrations and events take effect. */
  store: AccountStore;
  onHealth: (health: AccountHealth) => void;
  onCredentialsRejected: (error: AccountStopError) => void;
  /** Whether a Perch window is open and in use at the start (later: setWindow). */
  window?: WindowPresence;
  backoff?: BackoffPolicy;
  random?: () => number;
  /** The live check of the account's server, shared with its other accounts there. */
  liveCheck?: ServerLiveCheck;
}

export class AccountSync {
  private readonly opts: AccountSyncOptions;
  private readonly queue: EventQueue;
  private readonly store: AccountStore;
  /** Waits in progress; several calls (a poll and a gap fill) can wait at once. */
  private readonly waits = new Set<RateLimitWait>();
  private readonly stopObservingWaits: () => void;
  private readonly presence: PresenceReporter;

  constructor(options: AccountSyncOptions) {
    this.opts = options;
    const store = options.store;
    this.store = store;
    this.presence = new PresenceReporter({
      clock: options.clock,
      state: () => store.state,
      report: async (params) => (await updatePresence(options.client, params)).data,
      fetchAll: async () => (await getRealmPresence(options.client)).data.presences,
      onPresences: () => store.presenceChanged(),
    });
    this.presence.setWindow(options.window ?? 'closed');
    this.queue = new EventQueue({
      client: options.client,
      clock: options.clock,
      registerParams: PERCH_REGISTER_PARAMS,
      onRegistered: (data, reason, signal) => this.registered(data, reason, signal),
      onEvents: (events) => store.apply(events),
      onCredentialsRejected: (error) => {
        store.notifications.clear();
        options.onCredentialsRejected(error);
      },
      onHealth: () => options.onHealth(this.health()),
      // Only whether the server answers: reading its settings every check cost CPU for nothing.
      probe: (signal) => serverAnswers(options.client, signal),
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.liveCheck ? { liveCheck: options.liveCheck } : {}),
    });
    this.stopObservingWaits = options.client.onWait((wait) => {
      this.waits.add(wait);
      options.onHealth(this.health());
      return () => {
        this.waits.delete(wait);
        options.onHealth(this.health());
      };
    });
  }

  start(): Promise<void> {
    return this.queue.start();
  }

  kick(): void {
    this.queue.kick();
  }

  retryIfWaiting(): void {
    this.queue.retryIfWaiting();
  }

  /** Stops the queue (releasing it on the server unless told not to) and its notifications. */
  async stop(release = true): Promise<void> {
    this.presence.stop();
    await this.queue.stop({ release });
    this.stopObservingWaits();
    this.store.notifications.clear();
    // The client is the account's, shared with every other call: the AccountManager closes it.
  }

  health(): AccountHealth {
    // The wait that ends last is how long the account may stay silent.
    const longest = [...this.waits].reduce<RateLimitWait | undefined>(
      (a, b) => (a && a.until >= b.until ? a : b),
      undefined,
    );
    return {
      ...this.queue.getHealth(),
      rateLimitedUntil: longest?.until,
      rateLimitedEndpoint: longest?.endpoint,
    };
  }

  /** A Perch window became active, idle or closed (presence reports "active", "idle" or nothing). */
  setWindow(window: WindowPresence): void {
    this.presence.setWindow(window);
  }

  /** Never holds up the registration: without them there is only no summary. */
  private async arrivedWhileAway(
    data: ApiRegisterResponse,
    afterId: number,
    signal: AbortSignal,
  ): Promise<MissedMessage[]> {
    try {
      return await fetchUnreadSince(this.opts.client, data.unread_msgs, afterId, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      return [];
    }
  }

  private async registered(
    data: ApiRegisterResponse,
    reason: RegisterReason,
    signal: AbortSignal,
  ): Promise<void> {
    const store = this.store;
    store.reset();
    const missed =
      reason === 'reregister'
        ? await fetchMissedMessages(this.opts.client, Math.max(0, store.newestMessageId), signal)
        : [];
    // A start from the cache: what arrived while Perch was closed makes one summary.
    const away =
      reason === 'start' && store.cachedAt !== undefined
        ? await this.arrivedWhileAway(data, store.newestMessageId, signal)
        : [];
    store.registered(data, [...missed, ...away], { away: away.length > 0 });
    // Reporting starts once the server's presence settings and the user's are known.
    this.presence.start();
    store.presenceChanged();
    if (reason === 'reregister') store.restored();
  }
}
