/** POST /submessage: a widget's vote, option, task or title (upstream's `process_submessage`). */
import type { Router } from '../http/router.ts';
import { messaging } from '../messages/service.ts';
import { addSubmessage } from '../widgets/widgets.ts';

export function register(router: Router): void {
  router.post('/submessage', (req) => {
    addSubmessage(
      messaging(req.ctx),
      req.user,
      req.params.int('message_id'),
      req.params.string('msg_type'),
      req.params.string('content'),
    );
    return {};
  });
}
