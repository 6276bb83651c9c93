/**
 * Each account's largest upload (`max_file_upload_size_mib`), learned once per account from
 * a short-lived queue's realm section, where the server reports it; undefined when the
 * server names none. A failed look-up is not kept, so the next upload asks again.
 */
import { deleteQueue, register } from '../../api/routes/events.ts';
import type { AccountManager } from '../accounts/manager.ts';

export class UploadLimits {
  readonly #limits = new Map<string, Promise<number | undefined>>();

  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  of(accountId: string): Promise<number | undefined> {
    let limit = this.#limits.get(accountId);
    if (!limit) {
      limit = (async () => {
        const { client } = await this.accounts.clientFor(accountId);
        const { data } = await register(client, {
          event_types: ['realm'],
          fetch_event_types: ['realm'],
        });
        if (data.queue_id) await deleteQueue(client, data.queue_id).catch(() => undefined);
        return data.max_file_upload_size_mib;
      })();
      limit.catch(() => this.#limits.delete(accountId));
      this.#limits.set(accountId, limit);
    }
    return limit;
  }
}
