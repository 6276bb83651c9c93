/**
 * What a compose box asks besides sending: GET /users/me/{stream_id}/topics (upstream
 * get-stream-topics) and POST /messages/render (upstream render-message).
 */
import { badRequest } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { canReadChannelHistory } from '../messages/access.ts';
import { messaging, renderOptionsOf } from '../messages/service.ts';

/** The empty topic "" exists (and allow_empty_topic_name with it) from this level. */
const EMPTY_TOPIC_LEVEL = 334;

export function register(router: Router): void {
  router.get('/users/me/{stream_id}/topics', channelTopics);
  router.post('/messages/render', ({ ctx, user, params }) => {
    const content = params.string('content');
    return { rendered: messaging(ctx).renderer.render(content, renderOptionsOf(user)).html };
  });
}

/**
 * Every topic the user can read in the channel with its newest message id, newest first:
 * the whole history where it is open to them, else only what they received.
 */
function channelTopics(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const streamId = req.pathInt('stream_id');
  const channel = state.channels.get(streamId);
  const whole = channel !== undefined && canReadChannelHistory(state, user, streamId);
  const subscribed = state.subscription(user.user_id, streamId) !== undefined;
  if (!channel || (!whole && !subscribed)) throw badRequest('Invalid channel ID');
  const allowEmpty =
    state.featureLevel >= EMPTY_TOPIC_LEVEL && (params.optBool('allow_empty_topic_name') ?? false);

  const m = messaging(ctx);
  const history = whole ? undefined : m.store.history(user.user_id);
  const newest = new Map<string, { name: string; max_id: number }>();
  for (const id of m.store.channelMessageIds(streamId)) {
    if (history && history.indexOf(id) < 0) continue;
    const message = m.store.get(id);
    if (!message || message.stream_id !== streamId) continue;
    const key = message.topic.toLowerCase();
    const seen = newest.get(key);
    if (!seen || seen.max_id < id) newest.set(key, { name: message.topic, max_id: id });
  }
  const shown = (name: string) =>
    name === '' && !allowEmpty ? state.realm.empty_topic_display_name : name;
  return {
    topics: [...newest.values()]
      .sort((a, b) => b.max_id - a.max_id)
      .map((t) => ({ name: shown(t.name), max_id: t.max_id })),
  };
}
