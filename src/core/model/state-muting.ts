import type { MutedTopic, Subscription, UserTopic } from './state-types.ts';

/**
 * Whether a channel is muted for the user. No subscription counts as muted (docs/notifications.md
 * "No subscription"); a server may send only the legacy inverse `in_home_view` ("Channel mute").
 */
export function isChannelMuted(
  sub: Pick<Subscription, 'is_muted' | 'in_home_view'> | undefined,
): boolean {
  if (sub === undefined) return true;
  return sub.is_muted ?? sub.in_home_view === false;
}

/**
 * A pre-FL 134 muted-topic list as user topics. Those servers name the channel, and a name
 * that matches no channel the user knows of gives no id to key the topic by.
 */
export function mutedTopicsAsUserTopics(
  muted: readonly MutedTopic[],
  channels: Iterable<{ stream_id: number; name: string }>,
): UserTopic[] {
  const ids = new Map<string, number>();
  for (const c of channels) ids.set(c.name, c.stream_id);
  return muted.flatMap(([name, topic, mutedAt]) => {
    const id = ids.get(name);
    if (id === undefined) return [];
    return [{ stream_id: id, topic_name: topic, last_updated: mutedAt ?? 0, visibility_policy: 1 }];
  });
}
