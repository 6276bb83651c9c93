/**
 * Messages read on arrival (docs/notifications.md, "Read on arrival"): a message that comes
 * into the narrow the reader is reading at its newest end, in a focused window whose view
 * marks read on sight, is taken as read from its first event, as upstream's web app marks a
 * message read as it arrives at the bottom of a focused view (`unread_ops.process_visible`).
 * Its unread counts, the badge and its row never show it unread only to take it back 250 ms
 * later; the read mark goes to the server at once, by the same path as every other
 * (`messages.markRead`: the offline queue and the pending-actions keeper). Should the server
 * refuse it, or a read-back after a lost answer find it not made, the message is put back to
 * unread here, as the server still holds it. When nobody can tell yet (the answer and the
 * read-back both lost), it stays read until the keeper settles it (`settled`): put back
 * then only if the server turns out not to have it, so a mark the server did make never
 * shows as unread in between.
 *
 * The window says where it reads (`messages.reading`, from MessageList's following state);
 * the Core also wants the window active (`presence.window`), so a page gone without a last
 * word marks nothing.
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import { surelyInNarrow } from '../../contract/message-events.ts';
import type { MessageWire, NarrowTermWire } from '../../contract/schemas/messages.ts';
import { keepRecent } from '../../lib/recent-map.ts';
import { Unsettled } from './reconcile.ts';

type MessageEvent = Extract<ServerEvent, { type: 'message' }>;

/** How many read marks left unsettled are remembered (the keeper keeps as few). */
const UNSETTLED_KEPT = 100;

export interface ReadOnArrivalDeps {
  /** Whether a Perch window is in use now (focused and shown). */
  windowActive(): boolean;
  /** The read mark, as the page's own are sent (MessageService.markRead). */
  markRead(accountId: string, messageIds: number[]): Promise<unknown>;
  /** Events of the Core's own making, applied as the server's would be (the put-back). */
  apply(accountId: string, events: ServerEvent[]): void;
}

export class ReadOnArrival {
  readonly #deps: ReadOnArrivalDeps;
  readonly #reading = new Map<string, readonly NarrowTermWire[]>();
  /** Read marks nobody could read back yet, by account and first message id. */
  readonly #unsettled = new Map<string, MessageEvent[]>();

  constructor(deps: ReadOnArrivalDeps) {
    this.#deps = deps;
  }

  /** Where the window reads the account now; null: nowhere that marks read on arrival. */
  reading(accountId: string, narrow: readonly NarrowTermWire[] | null): void {
    if (narrow) this.#reading.set(accountId, narrow);
    else this.#reading.delete(accountId);
  }

  /**
   * The batch with each message that arrives where the reader reads marked read (a copy of
   * its event; the others as they came), its read mark on its way.
   */
  take(accountId: string, events: ServerEvent[]): ServerEvent[] {
    const narrow = this.#reading.get(accountId);
    if (!narrow || !this.#deps.windowActive()) return events;
    let taken: MessageEvent[] | undefined;
    const out = events.map((e) => {
      if (e.type !== 'message' || e.flags.includes('read')) return e;
      if (!surelyInNarrow(e.message as unknown as MessageWire, narrow)) return e;
      (taken ??= []).push(e);
      return { ...e, flags: [...e.flags, 'read'] };
    });
    if (!taken) return events;
    const arrived = taken;
    this.#deps
      .markRead(
        accountId,
        arrived.map((e) => e.message.id),
      )
      .catch((err: unknown) => {
        if (!(err instanceof Unsettled)) {
          this.#deps.apply(accountId, [putBack(arrived)]);
          return;
        }
        keepRecent(
          this.#unsettled,
          key(accountId, arrived[0]!.message.id),
          arrived,
          UNSETTLED_KEPT,
        );
      });
    return out;
  }

  /**
   * The pending-actions keeper settled a write whose answer was lost (`actions.settled`): a
   * read mark of ours it found not made is put back to unread.
   */
  settled(accountId: string, messageId: number, applied: boolean): void {
    const k = key(accountId, messageId);
    const arrived = this.#unsettled.get(k);
    if (!arrived) return;
    this.#unsettled.delete(k);
    if (!applied) this.#deps.apply(accountId, [putBack(arrived)]);
  }
}

function key(accountId: string, messageId: number): string {
  return `${accountId}\n${messageId}`;
}

/**
 * The read flag taken off again, as the server says it (spec: update_message_flags with
 * `message_details`, which a removal of `read` carries so the unread counts can place it).
 */
function putBack(events: readonly MessageEvent[]): ServerEvent {
  const details: Record<string, Record<string, unknown>> = {};
  for (const { message: m, flags } of events) {
    const mentioned = flags.some((f) => f === 'mentioned' || f === 'wildcard_mentioned');
    const recipient = m.display_recipient;
    details[String(m.id)] =
      m.type === 'stream'
        ? { type: 'stream', stream_id: m.stream_id, topic: m.subject, mentioned }
        : {
            type: 'private',
            mentioned,
            user_ids: Array.isArray(recipient) ? recipient.map((r) => r.id) : [],
          };
  }
  return {
    id: -1,
    type: 'update_message_flags',
    op: 'remove',
    flag: 'read',
    messages: events.map((e) => e.message.id),
    all: false,
    message_details: details,
  } as ServerEvent;
}
