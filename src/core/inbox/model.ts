/**
 * One account's Inbox: every unread conversation it has, by channel then topic, and its
 * direct conversations, with unread and mention counts and each topic's visibility policy.
 * Muted conversations are kept (flagged) so "show muted" needs no second pass; channels the
 * user is not subscribed to, or that are archived, are left out as the server's Inbox does.
 */
import type { AccountState } from '../model/account-state.ts';
import { isChannelMuted } from '../model/state-muting.ts';
import type { UnreadPlaces } from '../model/unread-summary.ts';
import { topicKey } from '../model/unreads.ts';
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
      const sub = state.subscription(streamId);
      if (sub === undefined || sub.is_archived || state.stream(streamId)?.is_archived) continue;
      channel = {
        streamId,
        name: sub.name,
        color: typeof sub.color === 'string' ? sub.color : DEFAULT_COLOR,
        muted: isChannelMuted(sub),
        topics: [],
        byKey: new Map(),
      };
      channels.set(streamId, channel);
    }
    const name = m.topic ?? '';
    const key = topicKey(name);
    let topic = channel.byKey.get(key);
    if (topic === undefined) {
      const policy = state.topicPolicy(streamId, name);
      topic = {
        name,
        unread: 0,
        mentions: 0,
        policy,
        muted: policy === 1 || (policy === 0 && channel.muted),
        newestId: id,
      };
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

function byNewest(a: { newestId: number }, b: { newestId: number }): number {
  return b.newestId - a.newestId;
}

function namesOf(state: InboxSource, userIds: readonly number[]): string[] {
  if (userIds.length === 0) {
    // A conversation with oneself: the user's own name.
    return [state.user(state.userId)?.full_name ?? 'you'];
  }
  return userIds.map((u) => state.user(u)?.full_name ?? `user ${u}`);
}
