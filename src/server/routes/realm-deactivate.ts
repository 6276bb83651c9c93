/** POST /realm/deactivate (spec 4.19), owners only; afterwards every request is REALM_DEACTIVATED. */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { badRequest, missing } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { UserRecord } from '../state/types.ts';
import { requireOwner } from './gates.ts';

export function register(router: Router): void {
  router.post('/realm/deactivate', ({ ctx, user, params }) => {
    requireOwner(user);
    const days = ctx.state.featureLevel >= 332 ? deletionDelay(ctx, params, user) : null;
    const { realm } = ctx.state;
    realm.deletion_delay_days = days;
    realm.deactivated = true;
    ctx.events.emit(ctx.state.activeUserIds(), { type: 'realm', op: 'deactivated', realm_id: 1 });
    return {};
  });
}

/** The delay rules of spec 4.19; an absent value on a regular organization keeps data as long as allowed. */
function deletionDelay(ctx: ServerContext, params: Params, owner: UserRecord): number | null {
  const { realm } = ctx.state;
  const given = params.optNullableInt('deletion_delay_days');
  if (realm.demo_deletion_at !== null) {
    if (given === undefined) throw missing('deletion_delay_days');
    if (given === null) throw badRequest('Demo organizations must have a deletion date.');
    if (owner.delivery_email === '') {
      if (given !== 0)
        throw badRequest('Demo organizations without an owner email must be deleted immediately.');
      return 0;
    }
    const daysLeft = Math.max(0, Math.floor((realm.demo_deletion_at - nowSeconds(ctx)) / 86400));
    if (given < 0 || given > daysLeft)
      throw badRequest(`Deletion delay must be between 0 and ${daysLeft} days.`);
    return given;
  }
  const min = realm.min_deletion_days;
  const max = realm.max_deletion_days;
  if (given === undefined) return max;
  if (given === null) {
    if (max !== null) throw badRequest('Data deletion delay must be set on this server.');
    return null;
  }
  if (given === 0) {
    if (min !== null) throw badRequest(`Deletion delay must be at least ${min} days.`);
    return 0;
  }
  if (given < 0 || (min !== null && given < min))
    throw badRequest(`Deletion delay must be at least ${min ?? 0} days.`);
  if (max !== null && given > max) throw badRequest(`Deletion delay must be at most ${max} days.`);
  return given;
}
