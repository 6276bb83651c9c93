/**
 * Upstream's GET /messages/{message_id}/read_receipts (openapi get-read-receipts, FL 137):
 * who has read a message the requester can read. Never the sender, never a user whose
 * `send_read_receipts` is off; the requester is listed if they read it. The organization's
 * `enable_read_receipts` off refuses the request, as upstream does.
 */
import { badRequest } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { FLAG_BITS } from '../messages/flags.ts';
import { readableMessage } from '../messages/reactions.ts';
import { messaging } from '../messages/service.ts';

export function register(router: Router): void {
  router.get(
    '/messages/{message_id}/read_receipts',
    ({ ctx, user, pathInt }) => {
      const m = messaging(ctx);
      const message = readableMessage(m, user, pathInt('message_id'));
      const realm = ctx.state.realm as { enable_read_receipts?: boolean };
      if (realm.enable_read_receipts === false) {
        throw badRequest('Read receipts are disabled in this organization.');
      }
      const userIds = m.store.usersWithFlags(message.id, FLAG_BITS.read).filter((id) => {
        if (id === message.sender_id) return false;
        const reader = ctx.state.users.get(id);
        return reader !== undefined && reader.settings.send_read_receipts !== false;
      });
      return { user_ids: userIds };
    },
    { sinceLevel: 137 },
  );
}
