/** Who may fetch an upload: its uploader, and whoever can read a message that links it. */
import type { ServerContext } from '../context.ts';
import { messaging } from '../messages/service.ts';
import type { UserRecord } from '../state/types.ts';
import type { StoredUpload } from './store.ts';

export function canReadUpload(ctx: ServerContext, user: UserRecord, upload: StoredUpload): boolean {
  if (upload.ownerId === user.user_id) return true;
  const m = messaging(ctx);
  const history = m.store.history(user.user_id);
  return m.store
    .all()
    .some(
      (message) =>
        message.content.includes(upload.path) &&
        (history.indexOf(message.id) >= 0 || m.canReadWithoutCopy(user, message)),
    );
}
