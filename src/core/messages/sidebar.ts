/**
 * What the message window's sidebar lists for one account: channels by folder with their
 * topics' unread counts, direct conversations, and the mention and followed counts. Unread
 * counts are exact, from the account's synced state (no unread query, no cap); the server
 * is asked only for what that state does not keep: subscriptions, folders, recent topics
 * and conversations, once, and those are then kept current by events (SidebarKeeper).
 */
import type { ApiClient } from '../../api/client.ts';
import { getChannelFolders } from '../../api/routes/channel-folders.ts';
import { getMessages } from '../../api/routes/messages.ts';
import { getSubscriptions } from '../../api/routes/subscriptions.ts';
import type { Subscription } from '../../api/schemas/subscription.ts';
import type { FetchedMessage } from '../../api/schemas/message.ts';
import { DEFAULT_MAX_MESSAGE_LENGTH, type UnreadSummary } from '../model/unread-summary.ts';
import { topicKey } from '../model/unreads.ts';
import type {
  Sidebar,
  SidebarChannel,
  SidebarConversation,
  SidebarTopic,
} from '../../contract/schemas/messages.ts';
import { emptyTopicParams } from './empty-topic.ts';
import { OPEN_RULES } from '../../lib/message-permissions.ts';
import { SIDEBAR_ORDER } from '../../contract/sidebar-patch.ts';

/** Recent direct messages scanned to list conversations. */
const RECENT_DMS = 500;
/** Recent messages scanned for each channel's latest topics. */
const RECENT_MESSAGES = 1000;
/** Read topics listed per channel besides every topic with unread messages. */
const RECENT_TOPICS = 8;

/** What the sidebar needs from the server beyond the synced state: fetched once, then kept. */
export interface SidebarSources {
  subscriptions: Subscription[];
  folders: { id: number; name: string }[];
  /** The newest direct messages, oldest first. */
  recentDms: FetchedMessage[];
  /** The newest messages, oldest first, for each channel's latest topics. */
  recent: FetchedMessage[];
}

export async function fetchSidebarSources(client: ApiClient): Promise<SidebarSources> {
  const topicNames = await emptyTopicParams(client);
  const [subs, folders, recentDms, recent] = await Promise.all([
    getSubscriptions(client),
    // Servers before channel folders (FL 389) list every channel ungrouped.
    getChannelFolders(client).catch(() => ({ data: { channel_folders: [] } })),
    newest(client, [{ operator: 'is', operand: 'dm' }], RECENT_DMS, topicNames),
    newest(client, [], RECENT_MESSAGES, topicNames),
  ]);
  return {
    subscriptions: subs.data.subscriptions,
    folders: folders.data.channel_folders
      .filter((f) => !f.is_archived)
      .map((f) => ({ id: f.channel_folder_id, name: f.name })),
    recentDms: recentDms,
    recent,
  };
}

/** A new message joins the kept sources as if they had been fetched after it; the oldest go. */
export function addToSources(sources: SidebarSources, m: FetchedMessage): void {
  const add = (list: FetchedMessage[], cap: number) => {
    // Newer than the newest kept (every new message): not among them, with no look through
    // the 1 000 kept for each of them.
    if (m.id <= (list.at(-1)?.id ?? -Infinity) && list.some((x) => x.id === m.id)) return;
    list.push(m);
    if (list.length > cap) list.splice(0, list.length - cap);
  };
  add(sources.recent, RECENT_MESSAGES);
  if (m.stream_id === undefined) add(sources.recentDms, RECENT_DMS);
}

/**
 * The topic and conversation rows of an account's last sidebar, so the next one takes the
 * same object for a row whose fields are the same: its push then knows the row unchanged by
 * identity (sidebar-push.ts), where comparing every row as JSON text cost each rebuild, one
 * per event batch, a read mark's as much as a new message's. A row is never changed once
 * made.
 */
export class SidebarRows {
  #topics = new Map<string, SidebarTopic>();
  #dms = new Map<string, SidebarConversation>();
  #channels = new Map<number, SidebarChannel>();
  #nextTopics = new Map<string, SidebarTopic>();
  #nextDms = new Map<string, SidebarConversation>();
  #nextChannels = new Map<number, SidebarChannel>();

  /**
   * The last build's channel when every field is the same and its topics are the same rows
   * in the same order: its push then knows it unchanged without writing it out as text.
   */
  channel(made: SidebarChannel): SidebarChannel {
    const last = this.#channels.get(made.streamId);
    const row =
      last !== undefined &&
      last.name === made.name &&
      last.color === made.color &&
      last.pinned === made.pinned &&
      last.muted === made.muted &&
      last.folderId === made.folderId &&
      last.unread === made.unread &&
      sameList(last.topics, made.topics)
        ? last
        : made;
    this.#nextChannels.set(made.streamId, row);
    return row;
  }

  topic(streamId: number, key: string, made: SidebarTopic): SidebarTopic {
    const id = `${streamId}:${key}`;
    const last = this.#topics.get(id);
    const row =
      last !== undefined &&
      last.name === made.name &&
      last.unread === made.unread &&
      last.newestId === made.newestId
        ? last
        : made;
    this.#nextTopics.set(id, row);
    return row;
  }

  dm(key: string, made: SidebarConversation): SidebarConversation {
    const last = this.#dms.get(key);
    const row =
      last !== undefined &&
      last.unread === made.unread &&
      last.newestId === made.newestId &&
      sameList(last.userIds, made.userIds) &&
      sameList(last.names, made.names)
        ? last
        : made;
    this.#nextDms.set(key, row);
    return row;
  }

  /** The rows of the sidebar just built are what the next one compares with. */
  done(): void {
    this.#topics = this.#nextTopics;
    this.#dms = this.#nextDms;
    this.#channels = this.#nextChannels;
    this.#nextTopics = new Map();
    this.#nextDms = new Map();
    this.#nextChannels = new Map();
  }
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * `unreads` is undefined until the account's first registration: every count is then 0.
 * `rows`: the account's rows of its last sidebar, taken again where unchanged.
 */
export function buildSidebar(
  sources: SidebarSources,
  myUserId: number,
  unreads: UnreadSummary | undefined,
  rows?: SidebarRows,
): Sidebar {
  const latestTopics = recentTopicsOf(sources.recent);

  const channels: SidebarChannel[] = sources.subscriptions
    .filter((s) => s.is_archived !== true)
    .map((s) => {
      const counted = unreads?.channels.get(s.stream_id);
      const recent = latestTopics.get(s.stream_id);
      const topics = new Map<string, SidebarTopic>();
      // The first few of the channel's recent topics, taken without copying them all: a
      // channel may have hundreds among the 1 000 kept messages, and this runs per rebuild.
      for (const [key, { name, newestId }] of recent ?? []) {
        if (topics.size === RECENT_TOPICS) break;
        topics.set(key, { name, unread: 0, newestId });
      }
      for (const [key, t] of counted?.topics ?? []) {
        const newestId = Math.max(t.newestId, recent?.get(key)?.newestId ?? 0);
        topics.set(key, { name: t.name, unread: t.unread, newestId });
      }
      const made: SidebarChannel = {
        streamId: s.stream_id,
        name: s.name,
        color: typeof s.color === 'string' ? s.color : '#888888',
        pinned: s.pin_to_top === true,
        muted: s.is_muted === true || s.in_home_view === false,
        folderId: typeof s.folder_id === 'number' ? s.folder_id : null,
        unread: counted?.unread ?? 0,
        topics: [...topics]
          .map(([key, t]) => rows?.topic(s.stream_id, key, t) ?? t)
          .sort(SIDEBAR_ORDER.topic),
      };
      return rows?.channel(made) ?? made;
    })
    .sort(SIDEBAR_ORDER.channel);
  const dms = conversations(sources.recentDms, myUserId, unreads?.conversations ?? [], rows);
  rows?.done();

  const counts = unreads?.counts;
  return {
    folders: sources.folders,
    channels,
    conversations: dms,
    counts: {
      unread: (counts?.channelUnread ?? 0) + (counts?.dms ?? 0),
      mentions: counts?.mentions ?? 0,
      followed: counts?.followed ?? 0,
      dms: counts?.dms ?? 0,
    },
    emptyTopicName: unreads?.emptyTopicName ?? '',
    maxMessageLength: unreads?.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH,
    editRules: unreads?.editRules ?? OPEN_RULES,
    ...(unreads ? { reader: unreads.reader } : {}),
  };
}

async function newest(
  client: ApiClient,
  narrow: { operator: string; operand: string }[],
  count: number,
  topicNames: { allow_empty_topic_name?: boolean },
): Promise<FetchedMessage[]> {
  const { data } = await getMessages(client, {
    narrow,
    anchor: 'newest',
    num_before: count,
    num_after: 0,
    apply_markdown: false,
    ...topicNames,
  });
  return data.messages;
}

/**
 * What a scan of a kept list of messages gave, with the list's length and newest id when
 * scanned. The kept lists only grow at the end and lose their oldest (`addToSources`), so
 * the same length and newest id mean the same messages: a sidebar rebuilt for anything but
 * a new message (a read mark, a count) scans none of them again.
 */
interface Scanned<T> {
  length: number;
  newestId: number | undefined;
  value: T;
}

function scannedOnce<T>(
  memo: WeakMap<FetchedMessage[], Scanned<T> & { key: unknown }>,
  list: FetchedMessage[],
  key: unknown,
  scan: () => T,
): T {
  const kept = memo.get(list);
  const newestId = list.at(-1)?.id;
  if (kept && kept.length === list.length && kept.newestId === newestId && kept.key === key)
    return kept.value;
  const value = scan();
  memo.set(list, { length: list.length, newestId, value, key });
  return value;
}

type RecentTopics = Map<number, Map<string, { name: string; newestId: number }>>;

/**
 * The last scan of a kept recent list: its topics, the messages it was made of (a copy: the
 * list itself changes in place) and how many of them each topic has, so that the next scan
 * after a new message takes only what joined and what left (`addToSources`).
 */
interface TopicScan {
  topics: RecentTopics;
  messages: FetchedMessage[];
  counts: Map<number, Map<string, number>>;
}
const scannedTopics = new WeakMap<FetchedMessage[], TopicScan>();

/**
 * `recentTopics` of the list, never modified. The shown account's sidebar is rebuilt for
 * each new message, and scanning the 1 000 kept messages for each was most of a rebuild
 * (bench/README.md, `background`): a list that only gained messages at its end and lost its
 * oldest since the last scan is scanned for those alone; any other change, all again.
 */
function recentTopicsOf(recent: FetchedMessage[]): RecentTopics {
  const last = scannedTopics.get(recent);
  const next = (last && followScan(last, recent)) ?? scanTopics(recent);
  scannedTopics.set(recent, next);
  return next.topics;
}

function scanTopics(recent: FetchedMessage[]): TopicScan {
  const counts = new Map<number, Map<string, number>>();
  for (const m of recent) {
    if (m.stream_id === undefined) continue;
    let topics = counts.get(m.stream_id);
    if (!topics) counts.set(m.stream_id, (topics = new Map()));
    const key = topicKey(m.subject);
    topics.set(key, (topics.get(key) ?? 0) + 1);
  }
  return { topics: recentTopics(recent), messages: [...recent], counts };
}

/**
 * The scan of `recent` made from `last`, if the list is `last`'s messages less some of the
 * oldest, then newer ones; undefined otherwise. `last` is left as it was.
 */
function followScan(last: TopicScan, recent: FetchedMessage[]): TopicScan | undefined {
  const before = last.messages;
  const newest = before.at(-1);
  if (newest === undefined) return undefined;
  // Where the last scan's newest message is now: what follows it joined since.
  let at = recent.length - 1;
  while (at >= 0 && recent[at] !== newest) at--;
  if (at < 0) return undefined;
  const dropped = before.length - (at + 1);
  if (dropped < 0) return undefined;
  // Unchanged (a rebuild for a read mark): the same ends and length, as the list only grows
  // at its end and loses its oldest.
  if (dropped === 0 && at === recent.length - 1 && recent[0] === before[0]) return last;
  for (let i = 0; i <= at; i++) if (recent[i] !== before[dropped + i]) return undefined;
  const topics: RecentTopics = new Map(last.topics);
  const counts = new Map(last.counts);
  /** The channel's maps, copied once: the last scan's are never modified. */
  const copied = new Set<number>();
  const channel = (streamId: number) => {
    if (!copied.has(streamId)) {
      copied.add(streamId);
      topics.set(streamId, new Map(topics.get(streamId)));
      counts.set(streamId, new Map(counts.get(streamId)));
    }
    return { listed: topics.get(streamId)!, counted: counts.get(streamId)! };
  };
  for (const m of before.slice(0, dropped)) {
    if (m.stream_id === undefined) continue;
    const { listed, counted } = channel(m.stream_id);
    const key = topicKey(m.subject);
    const left = (counted.get(key) ?? 1) - 1;
    if (left > 0) {
      counted.set(key, left);
      continue;
    }
    // The topic's last kept message: its newest, so the topic leaves the list with it.
    counted.delete(key);
    listed.delete(key);
    if (listed.size === 0) {
      topics.delete(m.stream_id);
      counts.delete(m.stream_id);
      copied.delete(m.stream_id);
    }
  }
  for (const m of recent.slice(at + 1)) {
    if (m.stream_id === undefined) continue;
    const { listed, counted } = channel(m.stream_id);
    const key = topicKey(m.subject);
    counted.set(key, (counted.get(key) ?? 0) + 1);
    // The most recently active topic comes first, named as its newest message names it.
    listed.delete(key);
    topics.set(m.stream_id, new Map([[key, { name: m.subject, newestId: m.id }], ...listed]));
  }
  return { topics, messages: [...recent], counts };
}

/**
 * Each channel's topics by topic key, with their newest message's id, most recently active
 * first (a Map keeps the order its keys were first set in).
 */
function recentTopics(
  recent: FetchedMessage[],
): Map<number, Map<string, { name: string; newestId: number }>> {
  const out = new Map<number, Map<string, { name: string; newestId: number }>>();
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i] as FetchedMessage;
    if (m.stream_id === undefined) continue;
    let topics = out.get(m.stream_id);
    if (!topics) out.set(m.stream_id, (topics = new Map()));
    const key = topicKey(m.subject);
    if (!topics.has(key)) topics.set(key, { name: m.subject, newestId: m.id });
  }
  return out;
}

function others(m: FetchedMessage, myUserId: number): { id: number; full_name: string }[] {
  if (typeof m.display_recipient === 'string') return [];
  return m.display_recipient.filter((r) => r.id !== myUserId).sort((a, b) => a.id - b.id);
}

function conversationKey(m: FetchedMessage, myUserId: number): string {
  return others(m, myUserId)
    .map((r) => r.id)
    .join(',');
}

/**
 * Conversations with unread messages first, then the rest; each part newest first (those
 * with unread messages too old to be recent end the unread part).
 */
function conversations(
  recent: FetchedMessage[],
  myUserId: number,
  unread: readonly SidebarConversation[],
  rows: SidebarRows | undefined,
): SidebarConversation[] {
  const unreadByKey = new Map(unread.map((c) => [c.userIds.join(','), c]));
  const seen = new Map<string, SidebarConversation>();
  for (const [key, c] of recentConversationsOf(recent, myUserId)) {
    const { userIds, names, newestId } = c;
    seen.set(key, { userIds, names, unread: unreadByKey.get(key)?.unread ?? 0, newestId });
  }
  for (const [key, c] of unreadByKey) if (!seen.has(key)) seen.set(key, { ...c, newestId: 0 });
  return [...seen].map(([key, c]) => rows?.dm(key, c) ?? c).sort(SIDEBAR_ORDER.dm);
}

type RecentConversations = Map<string, Omit<SidebarConversation, 'unread'>>;
/** Keyed by the reader's user id too, so a scan made for one user is never taken for another. */
const scannedConversations = new WeakMap<
  FetchedMessage[],
  Scanned<RecentConversations> & { key: unknown }
>();

/**
 * The recent list's conversations by key, newest first, with their participants and newest
 * message; scanned again only once the list changed, and never modified.
 */
function recentConversationsOf(recent: FetchedMessage[], myUserId: number): RecentConversations {
  return scannedOnce(scannedConversations, recent, myUserId, () => {
    const seen: RecentConversations = new Map();
    for (let i = recent.length - 1; i >= 0; i--) {
      const m = recent[i] as FetchedMessage;
      const key = conversationKey(m, myUserId);
      if (seen.has(key)) continue;
      const people = others(m, myUserId);
      seen.set(key, {
        userIds: people.map((p) => p.id),
        names: people.map((p) => p.full_name),
        newestId: m.id,
      });
    }
    return seen;
  });
}
