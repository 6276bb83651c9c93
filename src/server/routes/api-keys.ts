/**
 * POST /jwt/fetch_api_key (spec 4.10) and POST /fetch_api_key, both without prior
 * credentials. Responses carry the key; errors never do.
 */
import { nowSeconds } from '../context.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { sameSecret, userDeactivated } from '../http/auth.ts';
import type { Router } from '../http/router.ts';
import { presentUser } from '../state/present.ts';
import { verifyHs256 } from './jwt-verify.ts';

export function register(router: Router): void {
  router.public('POST', '/jwt/fetch_api_key', ({ ctx, params }) => {
    const token = params.string('token');
    const includeProfile = params.optBool('include_profile') ?? false;
    const payload = verifyHs256(token, ctx.state.realm.jwt_key, nowSeconds(ctx));
    if (typeof payload.email !== 'string')
      throw badRequest('No email specified in JSON web token claims');
    const user = ctx.state.userByEmail(payload.email);
    if (!user) throw badRequest('This user is not registered in this organization');
    if (!user.is_active) throw userDeactivated();
    const out: Record<string, unknown> = { api_key: user.api_key, email: user.email };
    if (includeProfile)
      out.user = presentUser(ctx.state, user, user, {
        baseUrl: ctx.baseUrl,
        clientGravatar: false,
      });
    return out;
  });

  router.public('POST', '/fetch_api_key', ({ ctx, params }) => {
    const username = params.string('username');
    const password = params.string('password');
    const user = ctx.state.userByEmail(username);
    if (!user || user.is_bot || !sameSecret(user.password, password)) {
      throw new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
    }
    if (!user.is_active) throw userDeactivated();
    return { api_key: user.api_key, email: user.email, user_id: user.user_id };
  });
}
