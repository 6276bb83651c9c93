/** POST /messages/flags (API-NOTES.md): add or remove `read` / `starred`. */
import type { Router } from '../http/router.ts';
import { updateFlags } from '../messages/flag-updates.ts';
import { messaging } from '../messages/service.ts';

export function register(router: Router): void {
  router.post('/messages/flags', ({ ctx, params, user }) => {
    const ids = params.intList('messages');
    const op = params.string('op');
    const flag = params.string('flag');
    return { messages: updateFlags(messaging(ctx), user, ids, op, flag) };
  });
}
