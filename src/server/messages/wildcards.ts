/**
 * Who may use wildcard mentions where many would be notified (upstream's rule): a channel
 * wildcard (@all, @everyone, @channel) in a channel with more than 15 subscribers, or @topic
 * in a topic with more than 15 participants, needs `can_mention_many_users_group`; before
 * feature level 229 the refusal was a plain BAD_REQUEST.
 */
import { ApiError, badRequest } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import type { Messaging } from './service.ts';

export const WILDCARD_MENTION_THRESHOLD = 15;
/** The coded errors below appeared at this level. */
const CODED_LEVEL = 229;

export function checkWildcards(
  state: ServerState,
  m: Messaging,
  sender: UserRecord,
  streamId: number,
  topic: string,
  content: string,
): void {
  const { mentions } = m.renderer.render(content);
  if (!mentions.streamWildcard && !mentions.topicWildcard) return;
  if (state.groupMembers(state.realm.can_mention_many_users_group).has(sender.user_id)) return;
  const refuse = (
    code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED' | 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    msg: string,
  ) => (state.featureLevel >= CODED_LEVEL ? new ApiError(code, msg) : badRequest(msg));
  if (mentions.streamWildcard && state.subscribersOf(streamId).length > WILDCARD_MENTION_THRESHOLD)
    throw refuse(
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use channel wildcard mentions in this channel.',
    );
  if (
    mentions.topicWildcard &&
    m.store.topicParticipants(streamId, topic).size > WILDCARD_MENTION_THRESHOLD
  )
    throw refuse(
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use topic wildcard mentions in this topic.',
    );
}
