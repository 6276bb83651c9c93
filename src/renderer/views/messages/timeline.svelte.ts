/**
 * One narrow's loaded history: opening it at an anchor, growing it older and newer in
 * batches, and following live events. At most MAX_LOADED messages are kept; the far end is
 * let go (and fetched again if the user scrolls back), so memory stays bounded too.
 */
import { errorText } from '../../lib/errors.ts';
import { explainError } from '../admin/rules/error-sentences.ts';
import {
  applyEvents,
  mergeById,
  mergeMovedIn,
  replaceMessages,
} from '../../../contract/message-events.ts';
import type {
  MessagesPage,
  MessageWire,
  NarrowTermWire,
} from '../../../contract/schemas/messages.ts';
import {
  FIRST_PAGE,
  firstPageArgs,
  firstPageKey,
  type OpenAnchor,
} from '../../../contract/first-page.ts';
import { takeSeededPage } from '../../lib/first-page-seed.ts';
import type { Invoke } from '../../lib/rpc-port.ts';

/** Messages per request when scrolling: the service allows 5000; 1000 keeps answers quick. */
export const BATCH = 1000;

/**
 * Live events must stay fast with this many loaded: the rows drawn stay bounded whatever this
 * is, and bench/renderer-messages.bench.ts reports the heap it costs.
 */
const MAX_LOADED = 5000;

/**
 * Why a narrow did not open: a connection failure in words (AccountMessages opens it again
 * once the connection is back), anything else as the Core said it.
 */
function openError(err: unknown): string {
  const text = errorText(err);
  if (!/\bnetwork \w+:/.test(text)) return text;
  return `${explainError(err).sentence} The messages load by themselves when the connection is back.`;
}

/** Live events as they came, with whether new messages came in their fetched shape. */
interface Arrival {
  events: { type: string }[];
  asFetched: boolean;
}

/**
 * The events of an arrival that a page fetched meanwhile may lack and that are safe to apply
 * again to one that has them: each sets a state (a reaction or flag present or not, a message
 * gone, a widget's submessage present, a new message in place), so applied again in order
 * they leave what the last one said. An edit is kept only when the page's message does not
 * show it yet, as applying it twice would record it twice in the message's history.
 */
function replayable(events: { type: string }[], page: readonly MessageWire[]) {
  const byId = new Map(page.map((m) => [m.id, m]));
  return events.filter((e) => {
    const loose = e as { type: string } & Record<string, unknown>;
    switch (e.type) {
      case 'message':
      case 'reaction':
      case 'update_message_flags':
      case 'delete_message':
      case 'submessage':
        return true;
      case 'update_message': {
        const stamp = loose.edit_timestamp;
        if (typeof stamp !== 'number' || loose.rendering_only === true) return false;
        const m = typeof loose.message_id === 'number' ? byId.get(loose.message_id) : undefined;
        if (!m) return false;
        return Math.max(m.last_edit_timestamp ?? 0, m.last_moved_timestamp ?? 0) < stamp;
      }
      default:
        return false;
    }
  });
}

/** Where a narrow opens: an end, the first unread message, a date or one message. */
export type AnchorChoice = OpenAnchor;

export class Timeline {
  messages = $state.raw<MessageWire[]>([]);
  foundOldest = $state(false);
  foundNewest = $state(false);
  /** False when the message asked for is gone or hidden from the user. */
  foundAnchor = $state(true);
  historyLimited = $state(false);
  /** A search answered from the saved copy (the server out of reach): how many were searched. */
  offlineSearched = $state<number | undefined>();
  loading = $state<'open' | 'older' | 'newer' | undefined>();
  error = $state<string | undefined>();
  /** Where the list should first show: a message id, or an end. */
  target = $state<number | 'top' | 'bottom'>('bottom');
  /** Bumped on every open, so the list re-positions even at the same target. */
  opened = $state(0);

  #generation = 0;
  /** A message arrived while a batch was loading: fetch the newest end after it. */
  #newerWanted = false;
  /**
   * One list per page under way that replaces loaded messages: the events that came while it
   * was. The page may have been served before the server applied them (the answer and the
   * live events reach the window by separate paths), so they are applied again on top of it,
   * lest the page undo them (docs/architecture.md "The per-account store and its event order").
   */
  readonly #underWay: Arrival[][] = [];

  /** A channel's name by id, for messages moved there (the sidebar knows them). */
  channelName: (streamId: number) => string | undefined = () => undefined;

  constructor(
    private readonly invoke: Invoke,
    readonly accountId: string,
    readonly narrow: NarrowTermWire[],
  ) {}

  async open(anchor: AnchorChoice): Promise<void> {
    const generation = ++this.#generation;
    let seeded: MessagesPage | undefined;
    this.loading = 'open';
    this.error = undefined;
    try {
      // A reopened window's first narrow comes with its page in the served page (boot.ts):
      // drawn at once, then fetched afresh below for what came before the window listened.
      seeded = takeSeededPage(firstPageKey(this.accountId, this.narrow, anchor));
      const [page, arrived] = seeded
        ? [seeded, []]
        : await this.#replacing(() =>
            this.invoke('messages.fetch', firstPageArgs(this.accountId, this.narrow, anchor)),
          );
      if (generation !== this.#generation) return;
      this.messages = page.messages;
      this.foundOldest = page.foundOldest;
      this.foundNewest = page.foundNewest;
      this.foundAnchor = anchor.kind !== 'id' || page.foundAnchor;
      this.historyLimited = page.historyLimited;
      this.offlineSearched = page.offlineSearch?.searched;
      // No first unread (or a date after the last message) lands at the newest end.
      const resolved = page.anchor ?? (anchor.kind === 'id' ? anchor.id : undefined);
      this.target =
        anchor.kind === 'oldest'
          ? 'top'
          : anchor.kind === 'newest' || resolved === undefined
            ? 'bottom'
            : (this.#nearest(resolved) ?? 'bottom');
      this.opened++;
      this.#replay(arrived);
    } catch (err) {
      if (generation === this.#generation) this.error = openError(err);
    }
    await this.#finish(generation);
    // The served page was made before this window listened for events: what came between
    // (new, edited, deleted) is fetched now; the call waits for the window's connection,
    // which listens before it asks (src/renderer/ws-transport.ts).
    if (seeded && generation === this.#generation) await this.refresh();
  }

  async loadOlder(): Promise<void> {
    const first = this.messages[0];
    if (this.foundOldest || this.loading || !first) return;
    await this.#grow('older', first.id);
  }

  async loadNewer(): Promise<void> {
    if (this.foundNewest || this.loading) return;
    // An empty narrow (a new topic, a first direct message) grows from its oldest end.
    await this.#grow('newer', this.messages.at(-1)?.id);
  }

  /**
   * Applies the account's live events, fetching again what only the server can tell.
   * `asFetched`: the Core says new messages come in their fetched shape, so one that surely
   * belongs here is put in place at once. Not while a load is under way: an opening page
   * replaces the list, and the fetch after it (newerWanted) brings the message.
   */
  async apply(events: { type: string }[], asFetched = false): Promise<void> {
    for (const arrivals of this.#underWay) arrivals.push({ events, asFetched });
    const effect = applyEvents(this.messages, events, {
      narrow: this.narrow,
      channelName: this.channelName,
      takeNew: asFetched && this.foundNewest && this.loading === undefined,
    });
    const newer = effect.fetchNewer;
    this.messages = effect.messages;
    if (effect.refetch.length > 0) await this.#refetch(effect.refetch);
    if (effect.fetchIn.length > 0) await this.#fetchIn(effect.fetchIn);
    // A new message only shows if the newest end is loaded; otherwise scrolling finds it.
    // The list stays at the newest end while it is fetched: a message moved in meanwhile
    // (a move notice comes with its move) still fits there.
    if (newer && this.foundNewest) {
      if (this.loading) this.#newerWanted = true;
      else await this.#grow('newer', this.messages.at(-1)?.id);
    }
  }

  /**
   * After the account's lost queue was registered again (`messages.stale`, docs/architecture.md
   * "The per-account store and its event order"): the events the list missed will never come,
   * so what it shows is fetched anew. With the newest end loaded,
   * the newest page replaces the stretch it covers (new, edited, moved and deleted messages
   * alike); further back, the loaded messages are fetched again by id.
   */
  async refresh(): Promise<void> {
    if (this.loading === 'open') return; // the page being opened is fetched afresh anyway
    if (!this.foundNewest) {
      await this.#refetch(this.messages.slice(-BATCH).map((m) => m.id));
      return;
    }
    const generation = this.#generation;
    try {
      const [page, arrived] = await this.#replacing(() =>
        this.invoke('messages.fetch', {
          accountId: this.accountId,
          narrow: this.narrow,
          anchor: 'newest',
          includeAnchor: true,
          numBefore: FIRST_PAGE,
          numAfter: 0,
        }),
      );
      if (generation !== this.#generation) return;
      const from = page.messages[0]?.id;
      const last = this.messages.at(-1)?.id;
      const overlaps =
        page.foundOldest || (from !== undefined && last !== undefined && from <= last);
      const older = page.foundOldest
        ? []
        : this.messages.filter((m) => from !== undefined && m.id < from);
      this.messages = overlaps ? [...older, ...page.messages] : page.messages;
      if (!overlaps || page.foundOldest) this.foundOldest = page.foundOldest;
      this.foundNewest = page.foundNewest;
      this.error = undefined;
      this.#replay(arrived);
    } catch (err) {
      if (generation === this.#generation) this.error = errorText(err);
    }
  }

  /** Runs a fetch whose page replaces loaded messages; with it, the events that came meanwhile. */
  async #replacing<T>(fetch: () => Promise<T>): Promise<[T, Arrival[]]> {
    const arrived: Arrival[] = [];
    this.#underWay.push(arrived);
    try {
      return [await fetch(), arrived];
    } finally {
      this.#underWay.splice(this.#underWay.indexOf(arrived), 1);
    }
  }

  /** The events that came while a page was under way, applied again on top of it. */
  #replay(arrived: readonly Arrival[]): void {
    for (const { events, asFetched } of arrived) {
      const again = replayable(events, this.messages);
      if (again.length > 0) void this.apply(again, asFetched);
    }
  }

  /** `from` undefined: nothing is loaded, so everything from the oldest end is new. */
  async #grow(direction: 'older' | 'newer', from: number | undefined): Promise<void> {
    const generation = this.#generation;
    this.loading = direction;
    try {
      const page = await this.invoke('messages.fetch', {
        accountId: this.accountId,
        narrow: this.narrow,
        anchor: from ?? 'oldest',
        includeAnchor: from === undefined,
        numBefore: direction === 'older' ? BATCH : 0,
        numAfter: direction === 'newer' ? BATCH : 0,
      });
      if (generation !== this.#generation) return;
      // Only what lies beyond the loaded end: a message may have arrived meanwhile.
      const edge = from ?? 0;
      const fresh = page.messages.filter((m) =>
        direction === 'older' ? m.id < edge : m.id > edge,
      );
      if (direction === 'older') {
        this.foundOldest = page.foundOldest;
        this.messages = this.#trim([...fresh, ...this.messages], 'newest');
      } else {
        this.foundNewest = page.foundNewest;
        // A message moved in while this page was under way may already be in place.
        this.messages = this.#trim(mergeById(this.messages, fresh), 'oldest');
      }
      // A retry after a failed batch went through: its error no longer describes the list.
      this.error = undefined;
    } catch (err) {
      if (generation !== this.#generation) return;
      this.error = errorText(err);
      // The newest end is no longer known to be loaded: scrolling there tries again.
      if (direction === 'newer') this.foundNewest = false;
    }
    await this.#finish(generation);
  }

  /** Ends a load unless the narrow changed since; a message that arrived meanwhile is fetched. */
  async #finish(generation: number): Promise<void> {
    if (generation !== this.#generation) return;
    this.loading = undefined;
    if (!this.#newerWanted) return;
    this.#newerWanted = false;
    await this.#grow('newer', this.messages.at(-1)?.id);
  }

  #trim(messages: MessageWire[], drop: 'newest' | 'oldest'): MessageWire[] {
    if (messages.length <= MAX_LOADED) return messages;
    if (drop === 'newest') {
      this.foundNewest = false;
      return messages.slice(0, MAX_LOADED);
    }
    this.foundOldest = false;
    return messages.slice(messages.length - MAX_LOADED);
  }

  /** Messages moved here from elsewhere: the server says which the narrow holds. */
  async #fetchIn(ids: number[]): Promise<void> {
    const generation = this.#generation;
    try {
      const arrived = await this.invoke('messages.byIds', {
        accountId: this.accountId,
        messageIds: ids.slice(0, 1000),
        narrow: this.narrow,
      });
      if (generation !== this.#generation) return;
      this.messages = mergeMovedIn(this.messages, arrived, this);
    } catch (err) {
      // Like its answer, a failure for a list opened since is not this list's to show.
      if (generation === this.#generation) this.error = errorText(err);
    }
  }

  async #refetch(ids: number[]): Promise<void> {
    const generation = this.#generation;
    try {
      const [fresh, arrived] = await this.#replacing(() =>
        this.invoke('messages.byIds', { accountId: this.accountId, messageIds: ids }),
      );
      if (generation !== this.#generation) return;
      this.messages = replaceMessages(this.messages, fresh, this.narrow);
      this.#replay(arrived);
    } catch (err) {
      if (generation === this.#generation) this.error = errorText(err);
    }
  }

  /** The loaded message at or just after an id (a date anchor may fall between messages). */
  #nearest(id: number): number | undefined {
    return this.messages.find((m) => m.id >= id)?.id;
  }
}
