/**
 * POST /user_topics (FL 170): a user's visibility policy for one topic (0 inherit, 1 muted,
 * 2 unmuted, 3 followed), and the `user_topic` event that tells the user's other clients.
 */
import { badRequest, notFound } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { nowSeconds } from '../context.ts';
import { canReadChannelHistory } from '../messages/access.ts';
import { MAX_TOPIC_LENGTH } from '../messages/limits.ts';

const USER_TOPICS_LEVEL = 170;

export function register(router: Router): void {
  router.post('/user_topics', ({ ctx, params, user }) => {
    if (ctx.state.featureLevel < USER_TOPICS_LEVEL) throw notFound();
    const streamId = params.int('stream_id');
    const topic = params.string('topic');
    const policy = params.int('visibility_policy');
    if (![0, 1, 2, 3].includes(policy)) throw badRequest('Invalid visibility_policy');
    if (topic.length > MAX_TOPIC_LENGTH) {
      throw badRequest(`topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
    }
    const subscribed = ctx.state.subscription(user.user_id, streamId) !== undefined;
    if (!subscribed && !canReadChannelHistory(ctx.state, user, streamId)) {
      throw badRequest('Invalid channel ID');
    }
    const existing = ctx.state.userTopic(user.user_id, streamId, topic);
    if ((existing?.visibility_policy ?? 0) === policy) return {};
    const record = {
      user_id: user.user_id,
      stream_id: streamId,
      topic_name: existing?.topic_name ?? topic,
      visibility_policy: policy,
      last_updated: nowSeconds(ctx),
    };
    ctx.state.setUserTopic(record);
    ctx.events.emit([user.user_id], {
      type: 'user_topic',
      stream_id: streamId,
      topic_name: record.topic_name,
      last_updated: record.last_updated,
      visibility_policy: policy,
    });
    return {};
  });
}
