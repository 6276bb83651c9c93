/**
 * One account's Inbox: every unread conversation it has, by channel then topic, and its
 * direct conversations, with unread and mention counts and each topic's visibility policy.
 * Muted conversations are kept (flagged) so "show muted" needs no second pass; channels the
 * user is not subscribed to, or that are archived, are left out as the server's Inbox does.
 */
import type { AccountState } from './account-state.ts';
import { isChannelMuted } from './state-muting.ts';
import type { UnreadPlaces } from './unread-summary.ts';
import { topicKey, type UnreadMessage } from './unreads.ts';
import { keyOfTopic } from '../../contract/inbox-patch.ts';
import { sameNumbers } from '../../lib/same-numbers.ts';
import type {
  InboxChannelWire,
  InboxDmWire,
  InboxTopicWire,
} from '../../contract/schemas/inbox.ts';

export interface AccountInbox {
  channels: InboxChannelWire[];
  dms: InboxDmWire[];
}

/** What the model reads of an account's synced state. */
export type InboxSource = Pick<
  AccountState,
  'unreadEntries' | 'subscription' | 'stream' | 'topicPolicy' | 'user' | 'userId'
>;

/** What the incremental path reads besides: one unread message by its id. */
export type LiveInboxSource = InboxSource & Pick<AccountState, 'unreadEntry'>;

const DEFAULT_COLOR = '#888888';

export function buildAccountInbox(
  state: InboxSource,
  places: Pick<UnreadPlaces, 'placeOf'>,
): AccountInbox {
  const channels = new Map<number, InboxChannelWire & { byKey: Map<string, InboxTopicWire> }>();
  const dms = new Map<string, InboxDmWire>();
  for (const [id, m] of state.unreadEntries()) {
    if (m.type === 'private') {
      const place = places.placeOf(id);
      if (place === undefined || !('userIds' in place)) continue;
      const key = place.userIds.join(',');
      let dm = dms.get(key);
      if (dm === undefined) {
        dm = {
          userIds: place.userIds,
          names: namesOf(state, place.userIds),
          unread: 0,
          mentions: 0,
          newestId: id,
        };
        dms.set(key, dm);
      }
      dm.unread++;
      if (m.mentioned) dm.mentions++;
      if (id > dm.newestId) dm.newestId = id;
      continue;
    }
    const streamId = m.stream_id;
    if (streamId === undefined) continue;
    let channel = channels.get(streamId);
    if (channel === undefined) {
      const head = newChannel(state, streamId);
      if (head === undefined) continue;
      channel = { ...head, byKey: new Map() };
      channels.set(streamId, channel);
    }
    const name = m.topic ?? '';
    const key = topicKey(name);
    let topic = channel.byKey.get(key);
    if (topic === undefined) {
      topic = newTopic(state, streamId, name, channel.muted, id, 0);
      channel.byKey.set(key, topic);
      channel.topics.push(topic);
    }
    topic.unread++;
    if (m.mentioned || (m.wildcard && !topic.muted)) topic.mentions++;
    if (id > topic.newestId) topic.newestId = id;
  }
  return {
    // Newest activity first inside each channel; channels by name, as the server's Inbox.
    channels: [...channels.values()]
      .map(({ byKey: _, ...c }) => ({ ...c, topics: c.topics.sort(byNewest) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    dms: [...dms.values()].sort(byNewest),
  };
}

/**
 * An account's Inbox kept current as events are applied. A new message, the event an Inbox
 * sees most, changes one conversation: its row is made anew and moved to the top of its list,
 * and every other row, list and channel is the very object it was, so the push that follows
 * (src/core/inbox/service.ts) finds the changed rows by identity, whatever the Inbox's size.
 * Any other event that may change the rows (reads, moves, mutes, names) has the Inbox built
 * again from the models when next asked for. Either way the result equals
 * `buildAccountInbox` on the same models: message ids grow with time on a server, so a new
 * message is its conversation's newest and that conversation goes first, as the sort puts it.
 */
export class LiveInbox {
  readonly #state: LiveInboxSource;
  readonly #places: Pick<UnreadPlaces, 'placeOf'>;
  #inbox: AccountInbox | undefined;
  /** The highest message id among the rows: a message event at or below it is rebuilt. */
  #newest = -1;

  /** `saved`: the rows these models gave when cached, shown until an event changes them. */
  constructor(state: LiveInboxSource, places: Pick<UnreadPlaces, 'placeOf'>, saved?: AccountInbox) {
    this.#state = state;
    this.#places = places;
    if (saved) {
      this.#inbox = saved;
      this.#newest = newestOf(saved);
    }
  }

  /** The rows now; the same object until an event changes them. */
  current(): AccountInbox {
    if (this.#inbox === undefined) {
      this.#inbox = buildAccountInbox(this.#state, this.#places);
      this.#newest = newestOf(this.#inbox);
    }
    return this.#inbox;
  }

  /** Built again when next asked for. */
  invalidate(): void {
    this.#inbox = undefined;
  }

  /**
   * Follows one event the state and the unread places have just applied. Events that
   * change nothing the rows read (presence, typing, heartbeats) leave them as they are.
   */
  follow(event: { type: string }): void {
    if (UNTOUCHED.has(event.type)) return;
    if (this.#inbox === undefined) return;
    if (event.type !== 'message' || !this.#message(event as MessageEventLike)) this.invalidate();
  }

  /** A new message into the kept rows; false when only a rebuild can say. */
  #message(event: MessageEventLike): boolean {
    const id = event.message?.id;
    if (typeof id !== 'number' || id <= this.#newest) return false;
    const m = this.#state.unreadEntry(id);
    // Read already (the user's own, or a read flag): the rows are as they were.
    if (m === undefined) return true;
    this.#newest = id;
    const inbox = this.#inbox as AccountInbox;
    this.#inbox = m.type === 'private' ? this.#toDm(inbox, id, m) : this.#toTopic(inbox, id, m);
    return true;
  }

  /** The rows with a new unread direct message: its conversation's row anew, first. */
  #toDm(inbox: AccountInbox, id: number, m: Readonly<UnreadMessage>): AccountInbox {
    const place = this.#places.placeOf(id);
    if (place === undefined || !('userIds' in place)) return inbox;
    const at = inbox.dms.findIndex((d) => sameNumbers(d.userIds, place.userIds));
    const before = at < 0 ? undefined : inbox.dms[at];
    const dm: InboxDmWire = {
      userIds: before?.userIds ?? place.userIds,
      names: before?.names ?? namesOf(this.#state, place.userIds),
      unread: (before?.unread ?? 0) + 1,
      mentions: (before?.mentions ?? 0) + (m.mentioned ? 1 : 0),
      newestId: id,
    };
    return { channels: inbox.channels, dms: toFront(inbox.dms, at, dm) };
  }

  /** The rows with a new unread channel message: its topic's row anew, first in its channel. */
  #toTopic(inbox: AccountInbox, id: number, m: Readonly<UnreadMessage>): AccountInbox {
    const streamId = m.stream_id;
    if (streamId === undefined) return inbox;
    const name = m.topic ?? '';
    const at = inbox.channels.findIndex((c) => c.streamId === streamId);
    const channel = at >= 0 ? inbox.channels[at] : newChannel(this.#state, streamId);
    if (channel === undefined) return inbox;
    const key = topicKey(name);
    // Each row's key is worked out once (the rows are never renamed), not per message.
    const t = channel.topics.findIndex((x) => keyOfTopic(x) === key);
    const before = t >= 0 ? channel.topics[t] : undefined;
    const topic: InboxTopicWire = before
      ? { ...before, unread: before.unread + 1, newestId: id }
      : newTopic(this.#state, streamId, name, channel.muted, id, 1);
    if (m.mentioned || (m.wildcard && !topic.muted)) topic.mentions++;
    const changed = { ...channel, topics: toFront(channel.topics, t, topic) };
    const channels = [...inbox.channels];
    if (at >= 0) channels[at] = changed;
    else {
      // After every channel whose name sorts with it or before it, as the stable sort would.
      let i = 0;
      while (
        i < channels.length &&
        (channels[i] as InboxChannelWire).name.localeCompare(changed.name) <= 0
      )
        i++;
      channels.splice(i, 0, changed);
    }
    return { channels, dms: inbox.dms };
  }
}

interface MessageEventLike {
  type: 'message';
  message?: { id?: unknown };
}

/** Events that change nothing an Inbox row shows. */
const UNTOUCHED: ReadonlySet<string> = new Set(['heartbeat', 'presence', 'typing', 'user_status']);

/** `list` without its item at `at` (if any), with `item` first: a new copy. */
function toFront<T>(list: readonly T[], at: number, item: T): T[] {
  const out = new Array<T>(at < 0 ? list.length + 1 : list.length);
  out[0] = item;
  let j = 1;
  for (let i = 0; i < list.length; i++) if (i !== at) out[j++] = list[i] as T;
  return out;
}

function newestOf(inbox: AccountInbox): number {
  let newest = -1;
  for (const c of inbox.channels)
    for (const t of c.topics) if (t.newestId > newest) newest = t.newestId;
  for (const d of inbox.dms) if (d.newestId > newest) newest = d.newestId;
  return newest;
}

function byNewest(a: { newestId: number }, b: { newestId: number }): number {
  return b.newestId - a.newestId;
}

/** A channel's Inbox row with no topics yet; none for a channel the Inbox leaves out. */
function newChannel(state: InboxSource, streamId: number): InboxChannelWire | undefined {
  const sub = state.subscription(streamId);
  if (sub === undefined || sub.is_archived || state.stream(streamId)?.is_archived) return undefined;
  return {
    streamId,
    name: sub.name,
    color: typeof sub.color === 'string' ? sub.color : DEFAULT_COLOR,
    muted: isChannelMuted(sub),
    topics: [],
  };
}

function newTopic(
  state: InboxSource,
  streamId: number,
  name: string,
  channelMuted: boolean,
  newestId: number,
  unread: number,
): InboxTopicWire {
  const policy = state.topicPolicy(streamId, name);
  return {
    name,
    unread,
    mentions: 0,
    policy,
    muted: policy === 1 || (policy === 0 && channelMuted),
    newestId,
  };
}

function namesOf(state: InboxSource, userIds: readonly number[]): string[] {
  if (userIds.length === 0) {
    // A conversation with oneself: the user's own name.
    return [state.user(state.userId)?.full_name ?? 'you'];
  }
  return userIds.map((u) => state.user(u)?.full_name ?? `user ${u}`);
}
