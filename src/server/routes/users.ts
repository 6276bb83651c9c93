/** GET /users, GET /users/me, GET /users/{user_id} (spec 4.4) and POST /users (spec 4.14). */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { badRequest, unauthorizedPrincipal } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { messaging } from '../messages/service.ts';
import { addSubscription, addUser } from '../state/factory.ts';
import { presentUser } from '../state/present.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { requireAdmin, userById } from './gates.ts';
import { announceSubscribed } from './subscriptions.ts';

export function register(router: Router): void {
  router.get('/users', (req) => {
    const view = viewOptions(req);
    // "Limits the results to the specified user IDs" (upstream, FL 384); before that level
    // the parameter did not exist and is ignored like any unknown one.
    const only = req.ctx.state.featureLevel >= 384 ? req.params.optIntList('user_ids') : undefined;
    const wanted = only === undefined ? undefined : new Set(only);
    return {
      members: [...req.ctx.state.users.values()]
        .filter((u) => wanted === undefined || wanted.has(u.user_id))
        .map((u) => presentUser(req.ctx.state, req.user, u, view)),
    };
  });

  router.get('/users/me', (req) => {
    const { ctx, user } = req;
    return {
      ...presentUser(ctx.state, user, user, {
        baseUrl: ctx.baseUrl,
        clientGravatar: false,
        includeCustomProfileFields: true,
      }),
      max_message_id: messaging(ctx).store.maxId,
    };
  });

  router.get('/users/{user_id}', (req) => {
    const target = userById(req.ctx.state, req.pathInt('user_id'));
    return { user: presentUser(req.ctx.state, req.user, target, viewOptions(req)) };
  });

  router.post('/users', (req) => {
    const { ctx, user, params } = req;
    requireAdmin(user);
    if (ctx.state.featureLevel >= 36 && !user.can_create_users) {
      throw unauthorizedPrincipal('User not authorized to create users');
    }
    const email = params.nonEmpty('email').trim();
    const password = params.string('password');
    const fullName = params.nonEmpty('full_name').trim();
    if (!isEmail(email)) throw badRequest(`Invalid email '${email}'`);
    if (ctx.state.userByEmail(email)) throw badRequest(`Email '${email}' already in use`);
    const created = createUser(ctx, { email, password, full_name: fullName });
    return { user_id: created.user_id };
  });
}

function viewOptions(req: RouteRequest) {
  const featureLevel = req.ctx.state.featureLevel;
  return {
    baseUrl: req.ctx.baseUrl,
    clientGravatar: req.params.optBool('client_gravatar') ?? featureLevel >= 92,
    includeCustomProfileFields: req.params.optBool('include_custom_profile_fields') ?? false,
  };
}

export function isEmail(s: string): boolean {
  return /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(s) && s.length <= 254;
}

/** Creates an API-created member, subscribes them to default channels and tells everyone. */
export function createUser(
  ctx: ServerContext,
  u: { email: string; password: string; full_name: string; role?: number },
): UserRecord {
  const { state } = ctx;
  const created = addUser(state, {
    email: u.email,
    password: u.password,
    full_name: u.full_name,
    role: u.role ?? ROLE.member,
    date_joined: nowSeconds(ctx),
    is_imported_stub: false,
  });
  for (const viewer of state.activeUsers()) {
    ctx.events.emit([viewer.user_id], {
      type: 'realm_user',
      op: 'add',
      person: presentUser(state, viewer, created, { baseUrl: ctx.baseUrl, clientGravatar: false }),
    });
  }
  const defaults = [...state.channels.values()].filter((c) => c.is_default && !c.is_archived);
  for (const c of defaults) addSubscription(state, created.user_id, c.stream_id);
  announceSubscribed(ctx, created, defaults);
  return created;
}
