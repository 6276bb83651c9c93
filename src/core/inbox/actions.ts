/** What an Inbox or Recent row does on the server: mark read, topic policy, channel mute. */
import type { ApiClient } from '../../api/client.ts';
import { getMessages, updateMessageFlagsForNarrow } from '../../api/routes/messages.ts';
import type { NarrowTerm } from '../../api/routes/narrow.ts';
import { deleteQueue, register } from '../../api/routes/events.ts';
import { getSubscriptions, updateSubscriptionProperties } from '../../api/routes/subscriptions.ts';
import { updateUserTopic, type VisibilityPolicy } from '../../api/routes/user-topics.ts';
import { reconciled } from '../messages/reconcile.ts';
import type { ConversationTarget } from '../../contract/schemas/inbox.ts';

/** Messages marked per request; the server takes up to 5000. */
const BATCH = 1000;
/** Enough batches for any Inbox row; a bound so a misbehaving server cannot loop us. */
const MAX_BATCHES = 100;

export function narrowOf(target: ConversationTarget, myUserId: number): NarrowTerm[] {
  if (target.kind === 'dm') {
    return [{ operator: 'dm', operand: target.userIds.length > 0 ? target.userIds : [myUserId] }];
  }
  const channel: NarrowTerm = { operator: 'channel', operand: target.streamId };
  return target.kind === 'topic'
    ? [channel, { operator: 'topic', operand: target.topic }]
    : [channel];
}

/**
 * Marks a conversation's unread messages read up to `upTo` (the newest the user was shown),
 * newest first, so a message that arrives meanwhile stays unread. Returns how many changed.
 */
export async function markConversationRead(
  client: ApiClient,
  target: ConversationTarget,
  myUserId: number,
  upTo: number | undefined,
): Promise<number> {
  return markNarrowRead(client, narrowOf(target, myUserId), upTo);
}

/**
 * Marks every unread message of the account read (upstream's "Mark all messages as read"),
 * newest first from `upTo`, through POST /messages/flags/narrow, which upstream's API
 * documentation names as the replacement of the deprecated POST /mark_all_as_read. A write
 * whose answer is lost is read back: done if nothing up to `upTo` is unread any more; else
 * it throws the network's error, for the caller to queue and send again, which is harmless.
 */
export async function markAllRead(client: ApiClient, upTo: number | undefined): Promise<void> {
  await reconciled(
    () => markNarrowRead(client, [], upTo),
    async () => {
      const { data } = await getMessages(client, {
        narrow: [{ operator: 'is', operand: 'unread' }],
        anchor: 'oldest',
        num_before: 0,
        num_after: 1,
      });
      const first = data.messages[0];
      return first === undefined || (upTo !== undefined && first.id > upTo);
    },
    { queued: true },
  );
}

async function markNarrowRead(
  client: ApiClient,
  terms: NarrowTerm[],
  upTo: number | undefined,
): Promise<number> {
  const narrow = [...terms, { operator: 'is', operand: 'unread' }];
  let anchor: number | 'newest' = upTo ?? 'newest';
  let includeAnchor = true;
  let updated = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const { data } = await updateMessageFlagsForNarrow(client, {
      narrow,
      anchor,
      include_anchor: includeAnchor,
      num_before: BATCH,
      num_after: 0,
      op: 'add',
      flag: 'read',
    });
    updated += data.updated_count;
    if (data.found_oldest || data.first_processed_id === null) break;
    anchor = data.first_processed_id;
    includeAnchor = false;
  }
  return updated;
}

export async function setTopicPolicy(
  client: ApiClient,
  streamId: number,
  topic: string,
  policy: VisibilityPolicy,
): Promise<void> {
  await reconciled(
    () => updateUserTopic(client, { stream_id: streamId, topic, visibility_policy: policy }),
    async () => (await topicPolicyNow(client, streamId, topic)) === policy,
  );
}

/**
 * A topic's policy as the server holds it. No endpoint lists user_topics alone: a register
 * that fetches only them reads it, and its queue is released at once.
 */
async function topicPolicyNow(client: ApiClient, streamId: number, topic: string) {
  const { data } = await register(client, { fetch_event_types: ['user_topic'], event_types: [] });
  if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
  const key = topic.toLowerCase();
  const found = data.user_topics?.find(
    (t) => t.stream_id === streamId && t.topic_name.toLowerCase() === key,
  );
  return found?.visibility_policy ?? 0;
}

/** `is_muted` from feature level 139; before it, its inverse `in_home_view`. */
export async function setChannelMuted(
  client: ApiClient,
  streamId: number,
  muted: boolean,
): Promise<void> {
  const level = await client.featureLevel();
  await reconciled(
    () =>
      updateSubscriptionProperties(client, [
        level >= 139
          ? { stream_id: streamId, property: 'is_muted', value: muted }
          : { stream_id: streamId, property: 'in_home_view', value: !muted },
      ]),
    async () => {
      const { subscriptions } = (await getSubscriptions(client)).data;
      return subscriptions.find((s) => s.stream_id === streamId)?.is_muted === muted;
    },
  );
}
