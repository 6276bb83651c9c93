/**
 * What the message window's sidebar lists for one account: channels by folder with their
 * topics' unread counts, direct conversations, and the mention and followed counts. Unread
 * counts come from the server's own unread narrow (up to the newest 5000 unread messages).
 */
import type { ApiClient } from '../../api/client.ts';
import { getChannelFolders } from '../../api/routes/channel-folders.ts';
import { getMessages } from '../../api/routes/messages.ts';
import { getSubscriptions } from '../../api/routes/subscriptions.ts';
import type { FetchedMessage } from '../../api/schemas/message.ts';
import type { Sidebar, SidebarChannel, SidebarConversation } from '../rpc/schemas/messages.ts';

const UNREAD_LIMIT = 5000;
/** Recent direct messages scanned to list conversations. */
const RECENT_DMS = 500;
/** Recent messages scanned for each channel's latest topics. */
const RECENT_MESSAGES = 1000;
/** Read topics listed per channel besides every topic with unread messages. */
const RECENT_TOPICS = 8;

export async function buildSidebar(client: ApiClient, myUserId: number): Promise<Sidebar> {
  const [subs, folders, unread, followed, recentDms, recent] = await Promise.all([
    getSubscriptions(client),
    // Servers before channel folders (FL 389) list every channel ungrouped.
    getChannelFolders(client).catch(() => ({ data: { channel_folders: [] } })),
    newest(client, [{ operator: 'is', operand: 'unread' }], UNREAD_LIMIT),
    newest(
      client,
      [
        { operator: 'is', operand: 'unread' },
        { operator: 'is', operand: 'followed' },
      ],
      UNREAD_LIMIT,
      // A server that does not know `is:followed` has no followed topics to count.
    ).catch(() => []),
    newest(client, [{ operator: 'is', operand: 'dm' }], RECENT_DMS),
    newest(client, [], RECENT_MESSAGES),
  ]);
  const latestTopics = recentTopics(recent);

  const topicCounts = new Map<number, Map<string, number>>();
  const dmCounts = new Map<string, number>();
  let mentions = 0;
  let dms = 0;
  for (const m of unread) {
    if (m.flags.includes('mentioned') || m.flags.includes('wildcard_mentioned')) mentions++;
    if (m.type === 'private') {
      dms++;
      const key = conversationKey(m, myUserId);
      dmCounts.set(key, (dmCounts.get(key) ?? 0) + 1);
    } else if (m.stream_id !== undefined) {
      const topics = topicCounts.get(m.stream_id) ?? new Map<string, number>();
      topics.set(m.subject, (topics.get(m.subject) ?? 0) + 1);
      topicCounts.set(m.stream_id, topics);
    }
  }

  const channels: SidebarChannel[] = subs.data.subscriptions
    .filter((s) => s.is_archived !== true)
    .map((s) => {
      const counts = topicCounts.get(s.stream_id) ?? new Map<string, number>();
      const names = new Set([
        ...(latestTopics.get(s.stream_id) ?? []).slice(0, RECENT_TOPICS),
        ...counts.keys(),
      ]);
      const topics = [...names]
        .map((name) => ({ name, unread: counts.get(name) ?? 0 }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return {
        streamId: s.stream_id,
        name: s.name,
        color: typeof s.color === 'string' ? s.color : '#888888',
        pinned: s.pin_to_top === true,
        muted: s.is_muted === true || s.in_home_view === false,
        folderId: typeof s.folder_id === 'number' ? s.folder_id : null,
        unread: topics.reduce((n, t) => n + t.unread, 0),
        topics,
      };
    })
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name));

  return {
    folders: folders.data.channel_folders
      .filter((f) => !f.is_archived)
      .map((f) => ({ id: f.channel_folder_id, name: f.name })),
    channels,
    conversations: conversations(
      [...recentDms, ...unread.filter((m) => m.type === 'private')].sort((a, b) => a.id - b.id),
      myUserId,
      dmCounts,
    ),
    counts: { unread: unread.length, mentions, followed: followed.length, dms },
  };
}

async function newest(
  client: ApiClient,
  narrow: { operator: string; operand: string }[],
  count: number,
): Promise<FetchedMessage[]> {
  const { data } = await getMessages(client, {
    narrow,
    anchor: 'newest',
    num_before: count,
    num_after: 0,
    apply_markdown: false,
  });
  return data.messages;
}

/** Each channel's topics, most recently active first. */
function recentTopics(recent: FetchedMessage[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i] as FetchedMessage;
    if (m.stream_id === undefined) continue;
    const list = out.get(m.stream_id) ?? [];
    if (!list.includes(m.subject)) list.push(m.subject);
    out.set(m.stream_id, list);
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

/** Newest conversation first. */
function conversations(
  recent: FetchedMessage[],
  myUserId: number,
  unread: Map<string, number>,
): SidebarConversation[] {
  const seen = new Map<string, SidebarConversation>();
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i] as FetchedMessage;
    const key = conversationKey(m, myUserId);
    if (seen.has(key)) continue;
    const people = others(m, myUserId);
    seen.set(key, {
      userIds: people.map((p) => p.id),
      names: people.map((p) => p.full_name),
      unread: unread.get(key) ?? 0,
    });
  }
  return [...seen.values()];
}
