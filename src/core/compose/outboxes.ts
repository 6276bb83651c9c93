/**
 * Every account's outbox (outbox.ts), wired to the Core: kept in the drafts file, fed the
 * account's own message events and re-registrations, and pushed to the renderer on change.
 */
import { randomBytes } from 'node:crypto';
import { deleteDraft } from '../../api/routes/drafts.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { PushBus } from '../push-bus.ts';
import type { AccountStores } from '../store/account-stores.ts';
import type { OfflineWrites } from '../messages/offline-writes.ts';
import type { DraftStore } from './drafts.ts';
import { clientOutboxPort } from './outbox-port.ts';
import { Outbox } from './outbox.ts';

/** What the outboxes reach of the Core: its clock, accounts, drafts file, queues and pushes. */
export interface OutboxesContext {
  clock: Clock;
  accounts: AccountManager;
  drafts: DraftStore;
  sync: Pick<AccountStores, 'queueId'>;
  bus: PushBus;
  /** Reactions, stars and read marks made offline: they go when the sends do. */
  writes?: OfflineWrites;
}

export class Outboxes {
  readonly #byAccount = new Map<string, Outbox>();

  constructor(private readonly ctx: OutboxesContext) {}

  /** The account's own sends come back as message events carrying their local id. */
  echoes(accountId: string, events: readonly ServerEvent[]): void {
    const outbox = this.#byAccount.get(accountId);
    if (!outbox) return;
    for (const e of events) {
      const echo = e.type === 'message' ? (e as { local_message_id?: unknown }) : undefined;
      if (e.type === 'message' && typeof echo?.local_message_id === 'string')
        outbox.onMessageEvent(echo.local_message_id, e.message.id);
    }
  }

  /** A new queue registers: sends whose answer was lost are looked up before going again. */
  reregistering(accountId: string): void {
    void this.ctx.writes?.flush(accountId);
    const outbox = this.#byAccount.get(accountId);
    if (outbox) outbox.onReregistered();
    else void this.for(accountId).catch(() => undefined);
  }

  /**
   * The account's queue polls again, on a new queue or its old one (a short outage keeps
   * the server's queue, so no registration says the server is back): waiting sends and
   * writes go now.
   */
  serverAnswers(accountId: string): void {
    void this.ctx.writes?.flush(accountId);
    this.#byAccount.get(accountId)?.onServerAnswers();
  }

  /** The account's queue stopped (quitting, signing out): not a new queue, so no look-up. */
  stopped(accountId: string): void {
    if (this.ctx.accounts.list().some((a) => a.id === accountId)) return;
    // Signed out: its file goes with the drafts.
    this.ctx.writes?.forget(accountId);
    this.#byAccount.get(accountId)?.close();
    this.#byAccount.delete(accountId);
  }

  /** Resumes every signed-in account's kept sends (lookup-then-send). */
  resumeAll(): void {
    for (const a of this.ctx.accounts.list()) void this.for(a.id).catch(() => undefined);
  }

  async for(accountId: string): Promise<Outbox> {
    let outbox = this.#byAccount.get(accountId);
    if (!outbox) {
      const { ctx } = this;
      outbox = new Outbox({
        clock: ctx.clock,
        newLocalId: () => randomBytes(9).toString('base64url'),
        port: clientOutboxPort({
          client: async () => {
            const { client, account } = await ctx.accounts.clientFor(accountId);
            return { client, myUserId: account.userId };
          },
          queueId: () => ctx.sync.queueId(accountId),
        }),
        keeper: {
          list: () => ctx.drafts.outbox(accountId),
          take: async (entry) => {
            const dropped = await ctx.drafts.take(accountId, entry);
            // Its server copy (drafts synchronization) goes too: the text is in the outbox now,
            // and a copy left there would come back as a draft of a sent message.
            const serverId = dropped?.serverId;
            if (serverId !== undefined)
              void ctx.accounts
                .clientFor(accountId)
                .then(({ client }) => deleteDraft(client, serverId))
                .catch(() => undefined);
          },
          put: (entry) => ctx.drafts.putOutbox(accountId, entry),
          remove: (localId) => ctx.drafts.removeOutbox(accountId, localId),
        },
        onChange: (change) => ctx.bus.publish('outbox.changed', { accountId, ...change }),
      });
      this.#byAccount.set(accountId, outbox);
    }
    await outbox.start();
    return outbox;
  }

  close(): void {
    for (const o of this.#byAccount.values()) o.close();
  }
}
