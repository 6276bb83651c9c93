/**
 * POST /messages/flags (docs/api-notes.md "Other endpoints"): add or remove `read` /
 * `starred`; and upstream's POST /messages/flags/narrow (FL 155), the same over a range of a
 * narrow; and the deprecated POST /mark_all_as_read it replaced.
 */
import type { Router } from '../http/router.ts';
import { updateFlags } from '../messages/flag-updates.ts';
import { FLAG_BITS } from '../messages/flags.ts';
import { messaging } from '../messages/service.ts';
import { narrowRange } from '../messages/query.ts';

export function register(router: Router): void {
  router.post('/messages/flags', ({ ctx, params, user }) => {
    const ids = params.intList('messages');
    const op = params.string('op');
    const flag = params.string('flag');
    return { messages: updateFlags(messaging(ctx), user, ids, op, flag) };
  });
  router.post(
    '/messages/flags/narrow',
    ({ ctx, params, user }) => {
      const m = messaging(ctx);
      const op = params.string('op');
      const flag = params.string('flag');
      const range = narrowRange(ctx, m, user, params);
      const ids = range.hits.map((h) => h.message.id);
      const updated = updateFlags(m, user, ids, op, flag);
      return {
        processed_count: ids.length,
        updated_count: updated.length,
        first_processed_id: ids[0] ?? null,
        last_processed_id: ids.at(-1) ?? null,
        found_oldest: range.found_oldest,
        found_newest: range.found_newest,
      };
    },
    { sinceLevel: 155 },
  );
  // Upstream's deprecated POST /mark_all_as_read (openapi mark-all-as-read): every unread
  // message of the user read, in one batch here, so always `complete` (FL 153).
  router.post('/mark_all_as_read', ({ ctx, user }) => {
    const m = messaging(ctx);
    const history = m.store.history(user.user_id);
    const ids: number[] = [];
    for (let i = 0; i < history.length; i++) {
      if ((history.flagsAt(i) & FLAG_BITS.read) === 0) ids.push(history.idAt(i));
    }
    updateFlags(m, user, ids, 'add', 'read');
    return ctx.state.featureLevel >= 153 ? { complete: true } : {};
  });
}
