/**
 * One look at the account's state outside its own event queue: a short-lived queue
 * registered for `types` and released at once (docs/api-notes.md, "Other endpoints").
 */
import type { ApiClient } from '../../api/client.ts';
import { deleteQueue, register } from '../../api/routes/events.ts';
import type { RegisterResponse } from '../../api/schemas/register.ts';
import { fetchEventTypes } from './register-params.ts';

export async function registerSnapshot(
  client: ApiClient,
  types: string[],
): Promise<RegisterResponse> {
  const { data } = await register(client, {
    event_types: types,
    fetch_event_types: fetchEventTypes(types),
  });
  // A queue left behind is collected by the server after ten minutes: not worth an error.
  if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
  return data;
}
