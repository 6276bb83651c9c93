/**
 * Scheduled messages (upstream's `/scheduled_messages`; docs/api-notes.md): listed with
 * their conversations named, created from compose, edited, sent now, cancelled. The list
 * stays live through `scheduled.changed`, pushed when the account's events say so
 * (src/core/store/account-store.ts).
 */
import type { ApiClient } from '../../api/client.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
  type ScheduledMessage,
  type ScheduledTarget,
} from '../../api/routes/scheduled-messages.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { SendTo } from '../../contract/schemas/messages.ts';
import type { ScheduledWire } from '../../contract/schemas/scheduled.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { CoreError } from '../errors.ts';
import { mayHaveApplied } from '../messages/reconcile.ts';
import type { AccountState } from '../model/account-state.ts';
import type { Outbox } from './outbox.ts';

function target(to: SendTo): ScheduledTarget {
  return to.type === 'stream'
    ? { type: 'stream', to: to.streamId, topic: to.topic }
    : { type: 'direct', to: to.userIds };
}

export class ScheduledMessages {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly stateOf: (accountId: string) => AccountState | undefined,
    /** The account's outbox, which sends "Send now"'s message exactly once. */
    private readonly outbox: (accountId: string) => Promise<Pick<Outbox, 'submit'>>,
    private readonly now: () => number,
  ) {}

  async #client(accountId: string): Promise<{ client: ApiClient; userId: number }> {
    const { client, account } = await this.accounts.clientFor(accountId);
    return { client, userId: account.userId };
  }

  async list({ accountId }: Args<'scheduled.list'>): Promise<Result<'scheduled.list'>> {
    const { client, userId } = await this.#client(accountId);
    const { data } = await getScheduledMessages(client);
    const state = this.stateOf(accountId);
    return data.scheduled_messages.map((m) => this.#wire(m, state, userId));
  }

  async create({ accountId, to, content, at }: Args<'scheduled.create'>) {
    const { client } = await this.#client(accountId);
    const { data } = await createScheduledMessage(client, {
      ...target(to),
      content,
      scheduled_delivery_timestamp: at,
    });
    return { id: data.scheduled_message_id };
  }

  async update({ accountId, id, to, content, at }: Args<'scheduled.update'>) {
    const { client } = await this.#client(accountId);
    await updateScheduledMessage(client, id, {
      ...(to ? target(to) : {}),
      ...(content !== undefined ? { content } : {}),
      ...(at !== undefined ? { scheduled_delivery_timestamp: at } : {}),
    });
    return {};
  }

  /**
   * Taken off the schedule first, and sent as an ordinary message only once this client's
   * delete is known to have removed it: the server takes no time in the past, so "now" cannot
   * be a new time for it (upstream update-scheduled-message), and a send before the delete
   * would double the message whenever the delete fails or the server's own delivery comes
   * between the two. The send goes through the outbox (docs/architecture.md "Writes"), so a
   * lost answer or a restart never sends it twice either.
   */
  async sendNow({ accountId, id }: Args<'scheduled.sendNow'>) {
    const { client, userId } = await this.#client(accountId);
    const listed = async () =>
      (await getScheduledMessages(client)).data.scheduled_messages.find(
        (s) => s.scheduled_message_id === id,
      );
    const m = await listed();
    if (!m) throw new Error(ALREADY_GONE);
    try {
      await deleteScheduledMessage(client, id);
    } catch (err) {
      if (err instanceof ApiError) {
        // The server delivered it between the listing and the delete: sent, once.
        if (!(await listed())) return {};
        throw err;
      }
      if (!(err instanceof NetworkError)) throw err;
      if (!mayHaveApplied(err) || (await listed().catch(() => m)))
        throw new CoreError(NOT_SENT, { details: { cause: err.message } });
      // Gone, and the answer lost: this delete took it unless its time had come meanwhile.
      if (m.scheduled_delivery_timestamp * 1000 <= this.now())
        throw new CoreError(UNSURE, { details: { cause: err.message } });
    }
    const outbox = await this.outbox(accountId);
    await outbox.submit({
      to: toOf(m),
      content: m.content,
      where: this.#wire(m, this.stateOf(accountId), userId).where,
    });
    return {};
  }

  async cancel({ accountId, id }: Args<'scheduled.cancel'>) {
    const { client } = await this.#client(accountId);
    await deleteScheduledMessage(client, id);
    return {};
  }

  #wire(m: ScheduledMessage, state: AccountState | undefined, me: number): ScheduledWire {
    const to = toOf(m);
    let where: string;
    if (to.type === 'stream') {
      const name = state?.stream(to.streamId)?.name ?? 'an unknown channel';
      where = `#${name} > ${to.topic === '' ? 'general chat' : to.topic}`;
    } else {
      const others = to.userIds.filter((u) => u !== me);
      where =
        others.length === 0
          ? 'You'
          : others.map((u) => state?.user(u)?.full_name ?? 'Someone').join(', ');
    }
    return {
      id: m.scheduled_message_id,
      to,
      where,
      content: m.content,
      at: Math.round(m.scheduled_delivery_timestamp),
      failed: m.failed,
    };
  }
}

const ALREADY_GONE = 'This scheduled message is no longer scheduled; it may have been sent.';
const NOT_SENT =
  'The connection broke off before the server took it off the schedule, so nothing was sent. Try again.';
const UNSURE =
  'The connection broke off as its time came, so Perch cannot tell whether the server sent it. Look in the conversation before you send it again.';

function toOf(m: ScheduledMessage): SendTo {
  if (m.type === 'stream' && typeof m.to === 'number')
    return { type: 'stream', streamId: m.to, topic: m.topic ?? '' };
  return { type: 'direct', userIds: Array.isArray(m.to) ? m.to : [m.to] };
}
