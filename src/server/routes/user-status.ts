/**
 * User status (upstream's update-status, get-user-status, update-status-for-user): a text
 * of up to 60 characters and an emoji, told to everyone as `user_status` events.
 */
import { badRequest } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import {
  applyStatusChange,
  AWAY_IS_PRESENCE_LEVEL,
  presentStatus,
  readStatusChange,
} from '../presence/status.ts';
import type { ServerContext } from '../context.ts';
import type { UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { presenceSharingChanged } from './presence.ts';

/** GET /users/{user_id}/status is new in FL 262; the admin POST in FL 407. */
const GET_STATUS_LEVEL = 262;
const ADMIN_STATUS_LEVEL = 407;

function target(req: RouteRequest): UserRecord {
  const u = req.ctx.state.users.get(req.pathInt('user_id'));
  if (!u || !u.is_active) throw badRequest('No such user');
  return u;
}

/** `away` is the inverse of `presence_enabled` since FL 148: the setting changes with it. */
function setPresenceEnabled(ctx: ServerContext, user: UserRecord, enabled: boolean): void {
  if ((user.settings.presence_enabled !== false) === enabled) return;
  user.settings.presence_enabled = enabled;
  ctx.events.emit([user.user_id], {
    type: 'user_settings',
    op: 'update',
    property: 'presence_enabled',
    value: enabled,
  });
  presenceSharingChanged(ctx, user);
}

export function register(router: Router): void {
  router.post('/users/me/status', ({ ctx, user, params }) => {
    const change = readStatusChange(ctx.state, params, true);
    if (change.away !== undefined && ctx.state.featureLevel >= AWAY_IS_PRESENCE_LEVEL)
      setPresenceEnabled(ctx, user, !change.away);
    applyStatusChange(ctx, user, change);
    return {};
  });

  router.get(
    '/users/{user_id}/status',
    (req) => ({ status: presentStatus(req.ctx.state, target(req)) }),
    {
      sinceLevel: GET_STATUS_LEVEL,
    },
  );

  router.post(
    '/users/{user_id}/status',
    (req) => {
      if (req.user.role > ROLE.admin) throw badRequest('Insufficient permission');
      const who = target(req);
      applyStatusChange(req.ctx, who, readStatusChange(req.ctx.state, req.params, false));
      return {};
    },
    { sinceLevel: ADMIN_STATUS_LEVEL },
  );
}
