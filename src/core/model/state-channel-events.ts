/**
 * Channel-level events: subscriptions, channel archival and topic visibility. Each one
 * re-places only the unread messages of the channel or topic it changed.
 */
import type { AccountModel } from './account-model.ts';
import { setUserTopic } from './state-model.ts';
import { mutedTopicsAsUserTopics } from './state-muting.ts';
import type {
  MutedTopicsEvent,
  StreamEvent,
  Subscription,
  SubscriptionEvent,
  UserTopicEvent,
} from './state-types.ts';

/** Subscription properties that decide which unread sets a channel's messages are in. */
const PLACEMENT_PROPERTIES = new Set(['is_muted', 'in_home_view', 'is_archived']);

function updateSubscription(
  model: AccountModel,
  sub: Subscription,
  property: string,
  value: unknown,
) {
  sub[property] = value;
  // The server sends a mute as two events, one per property; either alone must be enough.
  if (property === 'in_home_view') sub.is_muted = value === false;
  if (property === 'is_muted') sub.in_home_view = value === false;
  if (PLACEMENT_PROPERTIES.has(property)) model.unreads.recomputeChannel(sub.stream_id);
}

function changePeers(sub: Subscription | undefined, userIds: number[], add: boolean): void {
  if (sub?.subscribers === undefined) return;
  const peers = new Set(sub.subscribers);
  for (const id of userIds) {
    if (add) peers.add(id);
    else peers.delete(id);
  }
  sub.subscribers = [...peers];
}

/**
 * The schema lists every op's fields as optional; the op says which ones are sent (spec 6):
 * `add` whole subscriptions, `remove` only their ids and names.
 */
export function applySubscription(model: AccountModel, e: SubscriptionEvent): void {
  switch (e.op) {
    case 'add':
      for (const sub of e.subscriptions! as Subscription[]) {
        model.subscriptions.set(sub.stream_id, { ...sub });
        model.unreads.recomputeChannel(sub.stream_id);
      }
      return;
    case 'remove':
      for (const { stream_id } of e.subscriptions!) {
        model.subscriptions.delete(stream_id);
        model.unreads.recomputeChannel(stream_id);
      }
      return;
    case 'update': {
      const sub = model.subscriptions.get(e.stream_id!);
      if (sub !== undefined) updateSubscription(model, sub, e.property!, e.value);
      return;
    }
    case 'peer_add':
    case 'peer_remove':
      for (const id of e.stream_ids!) {
        changePeers(model.subscriptions.get(id), e.user_ids!, e.op === 'peer_add');
      }
      return;
  }
}

function setArchived(model: AccountModel, streamId: number, archived: boolean): void {
  const stream = model.streams.get(streamId);
  if (stream !== undefined) stream.is_archived = archived;
  const sub = model.subscriptions.get(streamId);
  if (sub !== undefined) sub.is_archived = archived;
  model.unreads.recomputeChannel(streamId);
}

/** Only renames and archival matter to Perch's state. */
export function applyStream(model: AccountModel, e: StreamEvent): void {
  if (e.op === 'delete') {
    // `streams` is deprecated since feature level 343 in favour of `stream_ids`.
    const ids = e.stream_ids ?? e.streams?.map((s) => s.stream_id) ?? [];
    for (const id of ids) setArchived(model, id, true);
    return;
  }
  if (e.property === 'is_archived') setArchived(model, e.stream_id, e.value === true);
  if (e.property === 'name' && typeof e.value === 'string') {
    const sub = model.subscriptions.get(e.stream_id);
    if (sub !== undefined) sub.name = e.value;
    const stream = model.streams.get(e.stream_id);
    if (stream !== undefined) stream.name = e.value;
  }
}

export function applyUserTopic(model: AccountModel, e: UserTopicEvent): void {
  setUserTopic(model, {
    stream_id: e.stream_id,
    topic_name: e.topic_name,
    last_updated: e.last_updated,
    visibility_policy: e.visibility_policy,
  });
  model.unreads.recomputeTopic(e.stream_id, e.topic_name);
}

/**
 * The list replaces every muted topic. Only muted entries are dropped: a pre-FL 134 server
 * has no other policies, and any a newer one set stay as they were.
 */
export function applyMutedTopics(model: AccountModel, e: MutedTopicsEvent): void {
  const channels = [...model.subscriptions.values(), ...model.streams.values()];
  const muted = mutedTopicsAsUserTopics(e.muted_topics, channels);
  const unmuted = [...model.userTopics.values()]
    .flatMap((topics) => [...topics.values()])
    .filter((entry) => entry.visibility_policy === 1);
  for (const entry of unmuted) setUserTopic(model, { ...entry, visibility_policy: 0 });
  for (const entry of muted) setUserTopic(model, entry);
  for (const entry of [...unmuted, ...muted]) {
    model.unreads.recomputeTopic(entry.stream_id, entry.topic_name);
  }
}
