/**
 * The event queues of every user: the server's EventSink. Each event is queued for the
 * queues of the users it concerns that asked for its type; a long-poll waits on the
 * context's clock for the next event or for the heartbeat interval, and a queue nobody
 * polls for `queueTimeoutSeconds` is dropped, after which polling it is BAD_EVENT_QUEUE_ID.
 *
 * Constructed by `index.ts` as `new EventQueues(ctx)` and installed as `ctx.events`.
 */
import type { TimerHandle } from '../../lib/clock.ts';
import type { EventSink, ServerContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { flagNames, HISTORICAL_FLAGS } from '../messages/flags.ts';
import type { FormatOptions } from '../messages/format.ts';
import type { StoredMessage } from '../messages/types.ts';
import { presenceEventFor } from '../presence/store.ts';
import { LEGACY_NOTIFICATION_SETTINGS } from '../state/settings.ts';
import { EventQueue, type QueuedEvent, type QueueSettings } from './queue.ts';

/** The `user_settings` event only exists since this level. */
const USER_SETTINGS_EVENT_LEVEL = 89;

/** A `user_settings` update as a server before FL 89 sent it; undefined for anything else. */
function legacySettingEvent(
  featureLevel: number,
  event: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (featureLevel >= USER_SETTINGS_EVENT_LEVEL || event.type !== 'user_settings') return undefined;
  const { property, value, language_name } = event;
  if (typeof property !== 'string') return undefined;
  return LEGACY_NOTIFICATION_SETTINGS.has(property)
    ? { type: 'update_global_notifications', notification_name: property, setting: value }
    : {
        type: 'update_display_settings',
        setting_name: property,
        setting: value,
        ...(language_name === undefined ? {} : { language_name }),
      };
}

export interface PollRequest {
  lastEventId: number | undefined;
  dontBlock: boolean;
  signal: AbortSignal;
}

/** A message's wire form for one combination of a queue's rendering options. */
export type MessageFormatter = (format: FormatOptions, viewerId: number) => Record<string, unknown>;

export class EventQueues implements EventSink {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly gcTimers = new Map<EventQueue, TimerHandle>();
  private readonly polling = new Map<EventQueue, number>();
  private created = 0;

  constructor(private readonly ctx: ServerContext) {}

  get size(): number {
    return this.queues.size;
  }

  register(settings: QueueSettings): EventQueue {
    const id = `${Math.floor(this.ctx.clock.now() / 1000)}:${++this.created}`;
    const queue = new EventQueue(id, settings);
    this.queues.set(id, queue);
    let mine = this.byUser.get(settings.userId);
    if (!mine) {
      mine = new Set();
      this.byUser.set(settings.userId, mine);
    }
    mine.add(queue);
    this.armGc(queue);
    return queue;
  }

  /** The caller's queue, or BAD_EVENT_QUEUE_ID (also for someone else's queue). */
  get(queueId: string, userId: number): EventQueue {
    const queue = this.queues.get(queueId);
    if (!queue || queue.settings.userId !== userId) {
      throw new ApiError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, {
        queue_id: queueId,
      });
    }
    return queue;
  }

  delete(queue: EventQueue): void {
    this.ctx.clock.clearTimeout(this.gcTimers.get(queue));
    this.gcTimers.delete(queue);
    this.queues.delete(queue.id);
    this.byUser.get(queue.settings.userId)?.delete(queue);
    queue.waiter?.([]);
  }

  /** Drops every queue of a user, as a server restart loses them; returns how many. */
  dropAllOf(userId: number): number {
    const mine = [...(this.byUser.get(userId) ?? [])];
    for (const queue of mine) this.delete(queue);
    return mine.length;
  }

  emit(
    userIds: Iterable<number>,
    event: Record<string, unknown>,
    forClientsHidingDeactivatedGroups?: Record<string, unknown> | null,
  ): void {
    const shaped = legacySettingEvent(this.ctx.state.featureLevel, event) ?? event;
    const type = typeof shaped.type === 'string' ? shaped.type : '';
    for (const userId of new Set(userIds)) {
      for (const queue of this.byUser.get(userId) ?? []) {
        if (!queue.wants(type)) continue;
        if (forClientsHidingDeactivatedGroups !== undefined && !queue.settings.deactivatedGroups) {
          if (forClientsHidingDeactivatedGroups)
            queue.push({ ...forClientsHidingDeactivatedGroups, type });
          continue;
        }
        if (type === 'presence')
          queue.push({
            ...presenceEventFor(shaped, queue.settings.simplifiedPresence === true),
            type,
          });
        else queue.push({ ...shaped, type });
      }
    }
  }

  /**
   * Queues a `message` event for each recipient's queues that want it, rendered as each
   * queue asked (apply_markdown, client_gravatar, empty topic names). Queues registered
   * with `all_public_streams` also get public channel messages their user did not
   * receive, flagged as read history. The sender's queue named by `localEcho` also gets
   * `local_message_id` (upstream's message event), and only that queue.
   */
  emitMessage(
    message: StoredMessage,
    recipientFlags: ReadonlyMap<number, number>,
    formatter: MessageFormatter,
    localEcho?: { queueId: string; localId: string },
  ): void {
    const rendered = new Map<string, Record<string, unknown>>();
    const deliver = (queue: EventQueue, flags: number): void => {
      if (!queue.wants('message')) return;
      if (queue.settings.narrow && !queue.settings.narrow(message, flags)) return;
      const f = queue.settings.format;
      const userId = queue.settings.userId;
      // Whether an avatar URL is sent depends on the viewer only under client_gravatar.
      const key = `${f.applyMarkdown}:${f.clientGravatar ? userId : ''}:${f.allowEmptyTopicName}`;
      let wire = rendered.get(key);
      if (!wire) {
        wire = formatter(f, userId);
        rendered.set(key, wire);
      }
      const echo =
        localEcho && queue.id === localEcho.queueId && userId === message.sender_id
          ? { local_message_id: localEcho.localId }
          : {};
      queue.push({ type: 'message', message: wire, flags: flagNames(flags), ...echo });
    };
    for (const [userId, flags] of recipientFlags) {
      for (const queue of this.byUser.get(userId) ?? []) deliver(queue, flags);
    }
    const channel =
      message.stream_id === null ? undefined : this.ctx.state.channels.get(message.stream_id);
    if (!channel || channel.invite_only) return;
    for (const [userId, queues] of this.byUser) {
      if (recipientFlags.has(userId)) continue;
      const user = this.ctx.state.users.get(userId);
      if (!user || !this.ctx.state.canAccessChannel(user, channel)) continue;
      for (const queue of queues)
        if (queue.settings.allPublicStreams) deliver(queue, HISTORICAL_FLAGS);
    }
  }

  /**
   * Answers a GET /events: the unacknowledged events at once if there are any (or if
   * `dontBlock`), otherwise the next event or a heartbeat after `heartbeatSeconds`.
   */
  async poll(queue: EventQueue, req: PollRequest): Promise<QueuedEvent[]> {
    if (req.lastEventId !== undefined) queue.acknowledge(req.lastEventId);
    this.ctx.clock.clearTimeout(this.gcTimers.get(queue));
    this.gcTimers.delete(queue);
    this.polling.set(queue, (this.polling.get(queue) ?? 0) + 1);
    try {
      if (queue.events.length > 0 || req.dontBlock) return [...queue.events];
      return await this.wait(queue, req.signal);
    } finally {
      const left = (this.polling.get(queue) ?? 1) - 1;
      if (left > 0) this.polling.set(queue, left);
      else {
        this.polling.delete(queue);
        if (this.queues.has(queue.id)) this.armGc(queue);
      }
    }
  }

  /** Drops every queue that is not being polled right now, as if its timeout had passed. */
  gcNow(): void {
    for (const queue of [...this.queues.values()]) if (!this.polling.has(queue)) this.delete(queue);
  }

  /** Ends pending long-polls and forgets every queue. */
  close(): void {
    for (const queue of [...this.queues.values()]) this.delete(queue);
  }

  private wait(queue: EventQueue, signal: AbortSignal): Promise<QueuedEvent[]> {
    // A newer poll of the same queue takes over; the older one returns empty-handed.
    queue.waiter?.([]);
    return new Promise((resolve) => {
      const clock = this.ctx.clock;
      const heartbeat = clock.setTimeout(
        () => queue.push({ type: 'heartbeat' }),
        this.heartbeatMs(),
      );
      const finish = (events: QueuedEvent[]): void => {
        clock.clearTimeout(heartbeat);
        signal.removeEventListener('abort', onAbort);
        if (queue.waiter === finish) queue.waiter = undefined;
        resolve(events);
      };
      const onAbort = (): void => finish([]);
      if (signal.aborted) {
        finish([]);
        return;
      }
      queue.waiter = finish;
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The heartbeat must come before the client's timeout (event_queue_longpoll_timeout_seconds). */
  private heartbeatMs(): number {
    const { heartbeatSeconds, longpollTimeoutSeconds } = this.ctx.options;
    return Math.max(0, Math.min(heartbeatSeconds, longpollTimeoutSeconds - 1)) * 1000;
  }

  private armGc(queue: EventQueue): void {
    this.ctx.clock.clearTimeout(this.gcTimers.get(queue));
    const timer = this.ctx.clock.setTimeout(() => {
      this.gcTimers.delete(queue);
      this.delete(queue);
    }, this.ctx.options.queueTimeoutSeconds * 1000);
    this.gcTimers.set(queue, timer);
  }
}
