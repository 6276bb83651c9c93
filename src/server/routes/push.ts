/**
 * POST /users/me/ios_push_device_token (spec 4.12) and POST /mobile_push/e2ee/test_notification
 * (spec 4.20, FL 420). The test notification's outcome is configured on the realm so that
 * each of its error codes can be produced.
 */
import { ApiError, invalid } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { PushDevice } from '../state/types.ts';

/** A legacy iOS device token is 32 bytes, sent as hexadecimal. */
const IOS_TOKEN = /^[0-9a-fA-F]{64}$/;
const APP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const OUTCOME_MESSAGES = {
  ADMIN_ACTION_REQUIRED: 'Push notifications are not configured correctly on this server.',
  FAILED_TO_CONNECT_BOUNCER: 'Network error while connecting to the push notification service.',
  INTERNAL_SERVER_ERROR_ON_BOUNCER: 'The push notification service returned an internal error.',
} as const;

export function register(router: Router): void {
  router.post('/users/me/ios_push_device_token', ({ ctx, user, params }) => {
    const token = params.string('token');
    const appid =
      ctx.state.featureLevel >= 223 ? params.string('appid') : (params.optString('appid') ?? null);
    if (token === '' || !IOS_TOKEN.test(token))
      throw invalid('token', 'is not a valid device token');
    if (appid !== null && !APP_ID.test(appid)) throw invalid('appid');
    const existing = user.push_devices.find(
      (d) => d.kind === 'ios_legacy' && d.token.toLowerCase() === token.toLowerCase(),
    );
    if (existing) existing.appid = appid;
    else {
      user.push_devices.push({
        device_id: ctx.state.nextId('push_device'),
        kind: 'ios_legacy',
        token,
        appid,
      });
    }
    return {};
  });

  router.post(
    '/mobile_push/e2ee/test_notification',
    ({ ctx, user, params }) => {
      const name = ctx.state.featureLevel >= 468 ? 'device_id' : 'push_account_id';
      const wanted = params.optInt(name);
      const devices = user.push_devices.filter((d: PushDevice) => d.kind === 'e2ee');
      const targets =
        wanted === undefined ? devices : devices.filter((d) => d.device_id === wanted);
      const outcome = ctx.state.realm.push_outcome;
      if (targets.length === 0 || outcome === 'NO_ACTIVE_PUSH_DEVICE') {
        throw new ApiError('NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
      }
      if (outcome !== 'ok') throw new ApiError(outcome, OUTCOME_MESSAGES[outcome]);
      return {};
    },
    { sinceLevel: 420 },
  );
}
