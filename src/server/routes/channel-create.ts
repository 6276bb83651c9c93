/**
 * Upstream create-channel, POST /channels/create (FL 417): creates a channel without
 * subscribing the caller, and subscribes whom `subscribers` names. Before, only subscribing
 * to a new name created one (subscriptions.ts). A name in use is CHANNEL_ALREADY_EXISTS (409).
 */
import { nowSeconds } from '../context.ts';
import { ApiError, badRequest, invalid } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { mayCreateChannel } from '../state/channel-policy.ts';
import { addChannel, addSubscription } from '../state/factory.ts';
import { ROLE } from '../state/types.ts';
import { announceCreated, announceSubscribed, newChannelName } from './subscriptions.ts';

const MAX_DESCRIPTION = 1024;

export function register(router: Router): void {
  router.post('/channels/create', create, { sinceLevel: 417 });
}

function create(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const name = newChannelName(params.string('name'), 'name');
  const description = params.optString('description') ?? '';
  if ([...description].length > MAX_DESCRIPTION)
    throw invalid('description', `is longer than ${MAX_DESCRIPTION} characters`);
  const inviteOnly = params.optBool('invite_only') ?? false;
  const subscriberIds = params.optIntList('subscribers') ?? [];
  params.optBool('announce');

  if (user.role === ROLE.guest || !mayCreateChannel(state, user, inviteOnly))
    throw badRequest('Insufficient permission');
  const subscribers = subscriberIds.map((id) => {
    const u = state.users.get(id);
    if (!u?.is_active) throw badRequest(`Invalid user ID: ${id}`);
    return u;
  });
  const others = subscribers.some((u) => u.user_id !== user.user_id);
  if (others && !state.groupMembers(state.realm.can_add_subscribers_group).has(user.user_id))
    throw badRequest('Insufficient permission');
  if (state.channelByName(name))
    throw new ApiError('CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`);

  const created = addChannel(state, {
    name,
    description,
    invite_only: inviteOnly,
    date_created: nowSeconds(ctx),
    creator_id: user.user_id,
  });
  announceCreated(ctx, created, subscriberIds);
  for (const u of subscribers) {
    addSubscription(state, u.user_id, created.stream_id);
    announceSubscribed(ctx, u, [created]);
  }
  return { id: created.stream_id };
}
