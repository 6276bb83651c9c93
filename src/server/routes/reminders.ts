/** Message reminders: upstream's `/reminders` endpoints (reminders/reminders.ts does the work). */
import type { Router } from '../http/router.ts';
import { reminders } from '../reminders/reminders.ts';

/** Creating one is new at FL 381, listing and deleting at FL 399 (upstream's API documentation). */
export function register(router: Router): void {
  router.post(
    '/reminders',
    (req) => {
      const id = reminders(req.ctx).create(
        req.user,
        req.params.int('message_id'),
        req.params.int('scheduled_delivery_timestamp'),
        req.params.optString('note'),
      );
      return { reminder_id: id };
    },
    { sinceLevel: 381 },
  );
  router.get('/reminders', (req) => ({ reminders: reminders(req.ctx).list(req.user) }), {
    sinceLevel: 399,
  });
  router.delete(
    '/reminders/{reminder_id}',
    (req) => {
      reminders(req.ctx).remove(req.user, req.pathInt('reminder_id'));
      return {};
    },
    { sinceLevel: 399 },
  );
}
