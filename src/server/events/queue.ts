/**
 * One registered event queue: its filter (event types, narrow), how its `message` events
 * are rendered, the events not yet acknowledged, and at most one waiting long-poll.
 */
import type { FormatOptions } from '../messages/format.ts';
import type { MessagePredicate } from '../messages/narrow.ts';

export type QueuedEvent = Record<string, unknown> & { id: number; type: string };

export interface QueueSettings {
  userId: number;
  /** null: every type. */
  eventTypes: ReadonlySet<string> | null;
  /** Only `message` events matching it are queued; null for no narrow. */
  narrow: MessagePredicate | null;
  format: FormatOptions;
  allPublicStreams: boolean;
  /** `presence` events in the modern shape (client capability simplified_presence_events). */
  simplifiedPresence?: boolean;
  /**
   * Whether the client handles deactivated user groups itself (upstream's client capability
   * include_deactivated_groups, FL 294); every client did before that level.
   */
  deactivatedGroups?: boolean;
}

export class EventQueue {
  readonly events: QueuedEvent[] = [];
  private nextEventId = 0;
  /** Resolves the pending long-poll, if any. */
  waiter: ((events: QueuedEvent[]) => void) | undefined;

  constructor(
    readonly id: string,
    readonly settings: QueueSettings,
  ) {}

  get lastEventId(): number {
    return this.nextEventId - 1;
  }

  wants(type: string): boolean {
    // A heartbeat is how a long-poll ends without news, whatever the client asked for.
    return (
      type === 'heartbeat' ||
      this.settings.eventTypes === null ||
      this.settings.eventTypes.has(type)
    );
  }

  push(event: Record<string, unknown> & { type: string }): void {
    this.events.push({ ...event, id: this.nextEventId++ });
    this.wake();
  }

  /** Drops the events the client has acknowledged by passing `last_event_id`. */
  acknowledge(lastEventId: number): void {
    let n = 0;
    while (n < this.events.length && (this.events[n]?.id ?? 0) <= lastEventId) n++;
    if (n > 0) this.events.splice(0, n);
  }

  wake(): void {
    const waiter = this.waiter;
    if (waiter && this.events.length > 0) {
      this.waiter = undefined;
      waiter([...this.events]);
    }
  }
}
