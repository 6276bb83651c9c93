/** POST /calls/videoprovider/create (spec 4.21, FL 493): needs a configured provider and the user's token. */
import { randomBytes } from 'node:crypto';
import { badRequest } from '../http/errors.ts';
import type { Router } from '../http/router.ts';

export function register(router: Router): void {
  router.post(
    '/calls/videoprovider/create',
    ({ ctx, user }) => {
      const provider = ctx.state.realm.video_provider_url;
      if (provider === null)
        throw badRequest('The video call provider is not configured on this server.');
      if (!user.has_videoprovider_token)
        throw badRequest('You have not connected an account with the video call provider.');
      return { url: `${provider.replace(/\/$/, '')}/call/${randomBytes(8).toString('hex')}` };
    },
    { sinceLevel: 493 },
  );
}
