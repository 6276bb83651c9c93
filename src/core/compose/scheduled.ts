/**
 * Scheduled messages (upstream's `/scheduled_messages`; docs/api-notes.md): listed with
 * their conversations named, created from compose, edited, sent now, cancelled. The list
 * stays live through `scheduled.changed`, pushed when the account's events say so
 * (src/core/store/account-store.ts).
 */
import type { ApiClient } from '../../api/client.ts';
import { sendMessage } from '../../api/routes/messages.ts';
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
import type { AccountState } from '../model/account-state.ts';

function target(to: SendTo): ScheduledTarget {
  return to.type === 'stream'
    ? { type: 'stream', to: to.streamId, topic: to.topic }
    : { type: 'direct', to: to.userIds };
}

export class ScheduledMessages {
  constructor(
    private readonly accounts: Pick<AccountManager, 'clientFor'>,
    private readonly stateOf: (accountId: string) => AccountState | undefined,
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
   * Sent as an ordinary message, then taken off the schedule: the server takes no time in
   * the past, so "now" cannot be a new time for it (upstream update-scheduled-message).
   */
  async sendNow({ accountId, id }: Args<'scheduled.sendNow'>) {
    const { client } = await this.#client(accountId);
    const { data } = await getScheduledMessages(client);
    const m = data.scheduled_messages.find((s) => s.scheduled_message_id === id);
    if (!m)
      throw new Error('This scheduled message is no longer scheduled; it may have been sent.');
    const to = toOf(m);
    await sendMessage(
      client,
      to.type === 'stream'
        ? { type: 'stream', to: to.streamId, topic: to.topic, content: m.content }
        : { type: 'direct', to: to.userIds, content: m.content },
    );
    await deleteScheduledMessage(client, id);
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

function toOf(m: ScheduledMessage): SendTo {
  if (m.type === 'stream' && typeof m.to === 'number')
    return { type: 'stream', streamId: m.to, topic: m.topic ?? '' };
  return { type: 'direct', userIds: Array.isArray(m.to) ? m.to : [m.to] };
}
