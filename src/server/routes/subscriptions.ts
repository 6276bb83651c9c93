/**
 * GET, POST and DELETE /users/me/subscriptions (spec 4.9 for DELETE). POST creates the
 * channels that do not exist yet. Subscribers learn through `subscription` events; others
 * who can see the channel get peer_add / peer_remove.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { ApiError, badRequest, invalid } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { mayCreateChannel } from '../state/channel-policy.ts';
import { addChannel, addSubscription } from '../state/factory.ts';
import { presentChannel, presentSubscription } from '../state/present.ts';
import type { ChannelRecord, UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { readPrincipals } from './principals.ts';

export function register(router: Router): void {
  router.get('/users/me/subscriptions', ({ ctx, user, params }) => {
    const raw = params.optString('include_subscribers');
    if (
      raw !== undefined &&
      raw !== 'true' &&
      raw !== 'false' &&
      raw !== '"partial"' &&
      raw !== 'partial'
    ) {
      throw invalid('include_subscribers');
    }
    const includeSubscribers =
      raw === 'true' ? true : raw === undefined || raw === 'false' ? false : 'partial';
    const subscriptions = ctx.state
      .subscriptionsOf(user.user_id)
      .map((s) => presentSubscription(ctx.state, s, { includeSubscribers }));
    return { subscriptions };
  });

  router.post('/users/me/subscriptions', subscribe);
  router.delete('/users/me/subscriptions', unsubscribe);
}

interface ChannelRequest {
  name: string;
  description: string;
}

function readChannelRequests(req: RouteRequest): ChannelRequest[] {
  const raw = req.params.json('subscriptions');
  if (!Array.isArray(raw)) throw invalid('subscriptions', 'is not a list');
  return raw.map((item: unknown) => {
    const o = item as { name?: unknown; description?: unknown } | null;
    if (typeof o !== 'object' || o === null || typeof o.name !== 'string')
      throw invalid('subscriptions[]', 'needs a name');
    const name = newChannelName(o.name, 'subscriptions[]');
    const description = typeof o.description === 'string' ? o.description : '';
    return { name, description };
  });
}

/** A new channel's name, trimmed: 1 to 60 characters, no control characters. */
export function newChannelName(raw: string, param: string): string {
  const name = raw.trim();
  if (name === '' || [...name].length > 60 || /\p{Cc}/u.test(name))
    throw invalid(param, 'has an invalid channel name');
  return name;
}

/** The stream create event: a private channel is news only to its subscribers and admins. */
export function announceCreated(
  ctx: ServerContext,
  created: ChannelRecord,
  subscriberIds: number[],
) {
  const { state } = ctx;
  const audience = created.invite_only
    ? [...subscriberIds, ...state.usersWhoSeeChannel(created)]
    : state.activeUserIds();
  ctx.events.emit(audience, {
    type: 'stream',
    op: 'create',
    streams: [presentChannel(state, created)],
  });
}

function subscribe(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const wanted = readChannelRequests(req);
  const principals = readPrincipals(ctx, params) ?? [user];
  const inviteOnly = params.optBool('invite_only') ?? false;
  const fatal = params.optBool('authorization_errors_fatal') ?? true;
  params.optBool('announce');

  const others = principals.some((p) => p.user_id !== user.user_id);
  if (others && !state.groupMembers(state.realm.can_add_subscribers_group).has(user.user_id)) {
    throw badRequest('Insufficient permission');
  }

  const channels: ChannelRecord[] = [];
  const unauthorized: string[] = [];
  const toCreate: ChannelRequest[] = [];
  for (const w of wanted) {
    const existing = state.channelByName(w.name);
    if (!existing) toCreate.push(w);
    else if (
      existing.invite_only &&
      !state.subscription(user.user_id, existing.stream_id) &&
      !state.isAdmin(user)
    ) {
      unauthorized.push(existing.name);
    } else channels.push(existing);
  }
  if (unauthorized.length > 0 && fatal) {
    throw badRequest(`Unable to access channel (${unauthorized[0]}).`);
  }
  if (toCreate.length > 0 && user.role === ROLE.guest) throw badRequest('Insufficient permission');
  if (toCreate.length > 0 && !mayCreateChannel(state, user, inviteOnly))
    throw badRequest('Insufficient permission');

  for (const w of toCreate) {
    const created = addChannel(state, {
      name: w.name,
      description: w.description,
      invite_only: inviteOnly,
      date_created: nowSeconds(ctx),
      creator_id: user.user_id,
    });
    channels.push(created);
    announceCreated(
      ctx,
      created,
      principals.map((p) => p.user_id),
    );
  }

  const keyOf = (u: UserRecord): string =>
    state.featureLevel >= 329 ? String(u.user_id) : u.email;
  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  for (const p of principals) {
    const fresh: ChannelRecord[] = [];
    for (const c of channels) {
      if (state.subscription(p.user_id, c.stream_id)) (already[keyOf(p)] ??= []).push(c.name);
      else {
        addSubscription(state, p.user_id, c.stream_id);
        fresh.push(c);
        (subscribed[keyOf(p)] ??= []).push(c.name);
      }
    }
    announceSubscribed(ctx, p, fresh);
  }
  const out: Record<string, unknown> = { subscribed, already_subscribed: already };
  if (unauthorized.length > 0) out.unauthorized = unauthorized;
  return out;
}

/** Tells a newly subscribed user about the channels, and the channels' other viewers about the user. */
export function announceSubscribed(
  ctx: ServerContext,
  u: UserRecord,
  channels: ChannelRecord[],
): void {
  if (channels.length === 0) return;
  const { state } = ctx;
  const subs = channels.map((c) =>
    presentSubscription(state, state.subscription(u.user_id, c.stream_id)!, {
      includeSubscribers: true,
    }),
  );
  ctx.events.emit([u.user_id], { type: 'subscription', op: 'add', subscriptions: subs });
  for (const c of channels) {
    const peers = state.usersWhoSeeChannel(c).filter((id) => id !== u.user_id);
    ctx.events.emit(peers, {
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [c.stream_id],
      user_ids: [u.user_id],
    });
  }
}

function unsubscribe(req: RouteRequest) {
  const { ctx, user, params } = req;
  const { state } = ctx;
  const names = params.stringList('subscriptions');
  const principals = readPrincipals(ctx, params) ?? [user];
  const channels = names.map((name) => {
    const c = state.channelByName(name);
    if (!c || !canSee(ctx, user, c)) {
      throw new ApiError('STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, {
        stream: name,
      });
    }
    return c;
  });
  for (const p of principals) {
    if (p.user_id === user.user_id) continue;
    for (const c of channels) {
      if (!mayRemove(ctx, user, p, c)) throw badRequest('Insufficient permission');
    }
  }
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const p of principals) {
    const gone: ChannelRecord[] = [];
    for (const c of channels) {
      if (state.removeSubscription(p.user_id, c.stream_id)) {
        gone.push(c);
        removed.push(c.name);
      } else notRemoved.push(c.name);
    }
    if (gone.length === 0) continue;
    ctx.events.emit([p.user_id], {
      type: 'subscription',
      op: 'remove',
      subscriptions: gone.map((c) => ({ stream_id: c.stream_id, name: c.name })),
    });
    for (const c of gone) {
      // "Sent to other users" (the API documentation's peer_remove): the user was told by
      // `remove`, and one more event would count the user's leaving twice.
      const peers = state.usersWhoSeeChannel(c).filter((id) => id !== p.user_id);
      ctx.events.emit(peers, {
        type: 'subscription',
        op: 'peer_remove',
        stream_ids: [c.stream_id],
        user_ids: [p.user_id],
      });
    }
  }
  return { removed, not_removed: notRemoved };
}

function canSee(ctx: ServerContext, user: UserRecord, c: ChannelRecord): boolean {
  return ctx.state.canAccessChannel(user, c) || ctx.state.isAdmin(user);
}

/** Who may unsubscribe someone else (spec 4.9). */
function mayRemove(
  ctx: ServerContext,
  caller: UserRecord,
  target: UserRecord,
  c: ChannelRecord,
): boolean {
  const { state } = ctx;
  if (state.isAdmin(caller)) return true;
  const access = state.canAccessChannel(caller, c);
  if (target.is_bot && target.bot_owner_id === caller.user_id && access) return true;
  if (access && state.groupMembers(c.can_remove_subscribers_group).has(caller.user_id)) return true;
  return state.featureLevel >= 349 && c.channel_admins.has(caller.user_id);
}
