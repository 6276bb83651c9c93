/**
 * What every route handler reaches: the organization state, the clock, the resolved
 * options and the event sink. The sink is implemented by `events/queues.ts`.
 */
import type { Clock } from '../lib/clock.ts';
import type { ServerState } from './state/state.ts';

export interface EventSink {
  /**
   * Queues `event` (without `id`) for every queue of each listed user. Queues registered
   * without the include_deactivated_groups capability get `forClientsHidingDeactivatedGroups`
   * instead when it is given (null: nothing), as upstream tells those clients of a group's
   * deactivation with `remove` and of a deactivated group's rename not at all.
   */
  emit(
    userIds: Iterable<number>,
    event: Record<string, unknown>,
    forClientsHidingDeactivatedGroups?: Record<string, unknown> | null,
  ): void;
}

export interface ResolvedOptions {
  heartbeatSeconds: number;
  longpollTimeoutSeconds: number;
  queueTimeoutSeconds: number;
  rateLimit: false | { requests: number; windowSeconds: number };
}

export interface ServerContext {
  readonly state: ServerState;
  readonly clock: Clock;
  readonly options: ResolvedOptions;
  events: EventSink;
  /** Base URL of the running server (no trailing slash), set once it listens. */
  baseUrl: string;
}

/** Current time in UNIX seconds on the context's clock. */
export function nowSeconds(ctx: ServerContext): number {
  return Math.floor(ctx.clock.now() / 1000);
}

/**
 * A service that keeps its own state beside the context's (messaging, uploads, reminders,
 * ...): made on first use, then the same one for every later call with that context.
 */
export function perContext<T>(make: (ctx: ServerContext) => T): (ctx: ServerContext) => T {
  const instances = new WeakMap<ServerContext, T>();
  return (ctx) => {
    let instance = instances.get(ctx);
    if (instance === undefined) {
      instance = make(ctx);
      instances.set(ctx, instance);
    }
    return instance;
  };
}
