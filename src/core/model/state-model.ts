/**
 * Builds the mutable model behind AccountState (account-model.ts) from a POST /register
 * response. Event handlers (state-*-events.ts) change it; AccountState exposes it read-only.
 */
import type { AccountRegister, TopicPolicy, UnreadMsgs, UserTopic } from './state-types.ts';
import type { AccountModel } from './account-model.ts';
import { presenceSettingsFrom } from '../presence/presence-state.ts';
import { mergePresences, statusesFromRegister } from './state-presence.ts';
import { typingPeriodsFrom } from './typing-periods.ts';
import { isChannelMuted } from './state-muting.ts';
import { UnreadIndex, topicKey } from './unreads.ts';

export function topicPolicyOf(model: AccountModel, streamId: number, topic: string): TopicPolicy {
  // The wire allows any integer (state-types.ts); only the four known policies are acted on.
  return (model.userTopics.get(streamId)?.get(topicKey(topic))?.visibility_policy ??
    0) as TopicPolicy;
}

export function setUserTopic(model: AccountModel, entry: UserTopic): void {
  let topics = model.userTopics.get(entry.stream_id);
  if (topics === undefined) {
    topics = new Map();
    model.userTopics.set(entry.stream_id, topics);
  }
  const key = topicKey(entry.topic_name);
  if (entry.visibility_policy === 0) topics.delete(key);
  else topics.set(key, { ...entry });
}

function byKey<T, K>(items: readonly T[] | undefined, key: (item: T) => K | undefined): Map<K, T> {
  const map = new Map<K, T>();
  for (const item of items ?? []) {
    const k = key(item);
    if (k !== undefined) map.set(k, { ...item });
  }
  return map;
}

export function modelFromRegister(r: AccountRegister): AccountModel {
  const model: AccountModel = {
    userId: r.user_id,
    realmName: r.realm_name ?? '',
    featureLevel: r.service_feature_level ?? 0,
    settings: { ...r.user_settings },
    realmDefaults: { ...r.realm_user_settings_defaults },
    subscriptions: byKey(r.subscriptions, (s) => s.stream_id),
    streams: byKey(r.streams, (s) => s.stream_id),
    userTopics: new Map(),
    users: byKey(r.realm_users, (u) => u.user_id),
    groups: byKey(r.realm_user_groups, (g) => g.id),
    alertWords: [...(r.alert_words ?? [])],
    channelFolders: byKey(r.channel_folders, (f) => f.channel_folder_id),
    savedSnippets: byKey(r.saved_snippets, (s) => s.saved_snippet_id),
    hasVideoProviderToken: r.has_videoprovider_token ?? false,
    oldUnreadsMissing: r.unread_msgs.old_unreads_missing,
    typingPeriods: typingPeriodsFrom(r),
    presences: new Map(),
    presenceLastUpdateId: -1,
    presenceSettings: presenceSettingsFrom(r),
    statuses: statusesFromRegister(r.user_status),
    unreads: new UnreadIndex({
      channelCounted: (id) => {
        const sub = model.subscriptions.get(id);
        return sub !== undefined && !sub.is_archived && !model.streams.get(id)?.is_archived;
      },
      channelMuted: (id) => isChannelMuted(model.subscriptions.get(id)),
      topicPolicy: (id, topic) => topicPolicyOf(model, id, topic),
    }),
  };
  for (const entry of r.user_topics) setUserTopic(model, entry);
  mergePresences(model, r.presences, r.presence_last_update_id);
  loadUnreads(model.unreads, r.unread_msgs);
  return model;
}

/**
 * The register response says which unread messages mention the user but not whether by
 * name or by wildcard; the server already left out wildcards in muted places, so each
 * listed id is kept as a mention.
 */
function loadUnreads(unreads: UnreadIndex, msgs: UnreadMsgs): void {
  const mentioned = new Set(msgs.mentions);
  const dm = (id: number) =>
    unreads.set(id, { type: 'private', mentioned: mentioned.has(id), wildcard: false });
  for (const pm of msgs.pms) pm.unread_message_ids.forEach(dm);
  for (const huddle of msgs.huddles) huddle.unread_message_ids.forEach(dm);
  for (const s of msgs.streams) {
    for (const id of s.unread_message_ids) {
      unreads.set(id, {
        type: 'stream',
        stream_id: s.stream_id,
        topic: s.topic,
        mentioned: mentioned.has(id),
        wildcard: false,
      });
    }
  }
}
