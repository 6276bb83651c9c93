/** Role gates of spec section 5 and the lookups that fail with the spec's errors. */
import type { RouteRequest } from '../http/router.ts';
import { badRequest, notFound, unauthorizedPrincipal } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';

export function requireAdmin(user: UserRecord): void {
  if (user.role > ROLE.admin) throw unauthorizedPrincipal('Must be an organization administrator');
}

export function requireOwner(user: UserRecord): void {
  if (user.role > ROLE.owner) throw unauthorizedPrincipal('Must be an organization owner');
}

/** Endpoints bots could not call before a feature level. */
export function requireHumanBefore(req: RouteRequest, level: number): void {
  if (req.user.is_bot && req.ctx.state.featureLevel < level)
    throw badRequest('This endpoint does not accept bot requests.');
}

export function userById(state: ServerState, id: number): UserRecord {
  const u = state.users.get(id);
  if (!u) throw notFound('No such user');
  return u;
}
