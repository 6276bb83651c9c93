/**
 * Presence (upstream's update-presence, get-presence, get-user-presence): clients report
 * "active" or "idle" every ping interval and get everyone's presence back; `presence`
 * events tell others at once when someone comes online or becomes active.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { badRequest, missing } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import {
  OFFLINE_RECORD,
  presenceEvent,
  presenceOf,
  presencesFor,
  recordPresence,
  sharesPresence,
  legacyPresence,
} from '../presence/store.ts';
import type { UserRecord } from '../state/types.ts';
import { isEmail } from './users.ts';

/** `last_update_id` and `presence_last_update_id` are new in FL 263. */
export const LAST_UPDATE_ID_LEVEL = 263;
/** `history_limit_days` is new in FL 288. */
export const HISTORY_LIMIT_LEVEL = 288;
/** GET /users/{id}/presence by id (not only email) since FL 43. */
const PRESENCE_BY_ID_LEVEL = 43;

const serverTimestamp = (ctx: ServerContext) => ctx.clock.now() / 1000;

function updatePresence({ ctx, user, params }: RouteRequest): Record<string, unknown> {
  const { state } = ctx;
  const status = params.optString('status');
  if (status === undefined) throw missing('status');
  if (status !== 'active' && status !== 'idle') throw badRequest(`Invalid status: ${status}`);
  const pingOnly = params.optBool('ping_only') ?? false;
  params.optBool('new_user_input');
  const slim = params.optBool('slim_presence') ?? false;
  const modernLevel = state.featureLevel >= LAST_UPDATE_ID_LEVEL;
  const lastUpdateId = modernLevel ? params.optInt('last_update_id', { min: -1 }) : undefined;
  const historyDays =
    state.featureLevel >= HISTORY_LIMIT_LEVEL
      ? params.optInt('history_limit_days', { min: 0 })
      : undefined;

  // Invisible mode: the report is dropped, so others keep seeing the user offline.
  if (sharesPresence(state, user)) {
    const now = nowSeconds(ctx);
    const { record, cameBack } = recordPresence(state, user.user_id, status, now);
    if (cameBack) ctx.events.emit(state.activeUserIds(), presenceEvent(user, record, now));
  }
  if (pingOnly) return {};
  const { presences, lastUpdateId: latest } = presencesFor(state, {
    modern: slim || lastUpdateId !== undefined,
    afterUpdateId: lastUpdateId,
    historyDays,
    now: nowSeconds(ctx),
  });
  return {
    presences,
    server_timestamp: serverTimestamp(ctx),
    ...(modernLevel ? { presence_last_update_id: latest } : {}),
  };
}

function userByIdOrEmail(req: RouteRequest): UserRecord {
  const { state } = req.ctx;
  const raw = req.path.user_id_or_email ?? '';
  const byId = /^\d+$/.test(raw) && state.featureLevel >= PRESENCE_BY_ID_LEVEL;
  const target = byId
    ? state.users.get(Number(raw))
    : isEmail(raw)
      ? state.userByEmail(raw)
      : undefined;
  if (!target || !target.is_active) throw badRequest('No such user');
  return target;
}

export function register(router: Router): void {
  router.post('/users/me/presence', updatePresence);

  router.get('/realm/presence', ({ ctx }) => ({
    // Upstream's documented answer is the legacy format, keyed by email.
    presences: presencesFor(ctx.state, { modern: false, now: nowSeconds(ctx) }).presences,
    server_timestamp: serverTimestamp(ctx),
  }));

  router.get('/users/{user_id_or_email}/presence', (req) => {
    const target = userByIdOrEmail(req);
    if (target.is_bot) throw badRequest('Presence is not supported for bot users.');
    const record = presenceOf(req.ctx.state).byUser.get(target.user_id);
    if (!record || !sharesPresence(req.ctx.state, target))
      throw badRequest(`No presence data for ${req.path.user_id_or_email ?? ''}`);
    return { presence: legacyPresence(record) };
  });
}

/**
 * After `presence_enabled` changed: others see the user's last presence again, or see
 * them offline (never connected) from now on.
 */
export function presenceSharingChanged(ctx: ServerContext, user: UserRecord): void {
  const { state } = ctx;
  if (presenceOf(state).realmDisabled) return;
  const record = sharesPresence(state, user)
    ? presenceOf(state).byUser.get(user.user_id)
    : OFFLINE_RECORD;
  if (!record) return;
  ctx.events.emit(state.activeUserIds(), presenceEvent(user, record, nowSeconds(ctx)));
}
