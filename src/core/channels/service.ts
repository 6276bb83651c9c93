/**
 * The channel browser's side of the Core: each account's directory as
 * its event queue keeps it, the user's subscribe / unsubscribe / create / settings calls,
 * and the pushes of what changed. An account's changes are pushed once the renderer has
 * asked for its directory; after a new registration its whole directory is pushed again,
 * since events may have been missed in between.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  subscribe,
  unsubscribe,
  updateSubscriptionProperties,
  type SubscriptionChange,
} from '../../api/routes/subscriptions.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { PushBus } from '../push-bus.ts';
import { RpcError } from '../../contract/errors.ts';
import type { ChannelDirectoryWire } from '../../contract/schemas/channels.ts';
import type { AccountStores } from '../store/account-stores.ts';
import type { ChannelDirectory } from '../model/channel-directory.ts';

export interface ChannelsDeps {
  bus: PushBus;
  accounts: Pick<AccountManager, 'clientFor'>;
  sync: Pick<AccountStores, 'channels'>;
}

const failed = (message: string) => new RpcError({ code: 'FAILED', message });

export class ChannelsService {
  readonly #deps: ChannelsDeps;
  /** Accounts whose directory the renderer holds: their changes are pushed. */
  readonly #watched = new Set<string>();
  /** Accounts registered afresh: their next push is the whole directory. */
  readonly #stale = new Set<string>();

  constructor(deps: ChannelsDeps) {
    this.#deps = deps;
  }

  /** The account's events may have changed its directory: the changes are pushed. */
  follow(accountId: string): void {
    this.#push(accountId);
  }

  /** A new queue registers: events may be missed, so the next push is the whole directory. */
  reset(accountId: string): void {
    this.#stale.add(accountId);
  }

  /** A registration reports its unread sets: the new directory is in place by then. */
  unreadsChanged(accountId: string): void {
    if (this.#stale.has(accountId)) this.#push(accountId);
  }

  directory(accountId: string): ChannelDirectoryWire {
    const dir = this.#directory(accountId);
    dir.takeChanges();
    this.#watched.add(accountId);
    this.#stale.delete(accountId);
    return { accountId, channels: dir.rows(), ...dir.meta() };
  }

  async subscribe(accountId: string, streamId: number): Promise<void> {
    const name = this.#name(accountId, streamId);
    const { data } = await subscribe(await this.#client(accountId), {
      subscriptions: [{ name }],
    });
    if (data.unauthorized?.length) throw failed(`The server did not let you join #${name}.`);
  }

  async unsubscribe(accountId: string, streamId: number): Promise<void> {
    const name = this.#name(accountId, streamId);
    await unsubscribe(await this.#client(accountId), { subscriptions: [name] });
  }

  /** Creates the channel by subscribing to its new name, which every feature level takes. */
  async create(
    accountId: string,
    c: { name: string; description: string; private: boolean; webPublic?: boolean | undefined },
  ): Promise<void> {
    const dir = this.#directory(accountId);
    const rules = dir.meta().creation;
    if (c.webPublic && (c.private || !rules.webPublicAllowed)) {
      throw failed(
        rules.webPublicOffered
          ? `In this organization only ${rules.webPublicWho} may create web-public channels.`
          : 'This organization does not allow web-public channels.',
      );
    }
    if (!(c.private ? rules.privateAllowed : rules.publicAllowed)) {
      const who = c.private ? rules.privateWho : rules.publicWho;
      throw failed(
        `In this organization only ${who} may create ${c.private ? 'private' : 'public'} channels.`,
      );
    }
    const taken = dir.rows().find((r) => r.name.toLowerCase() === c.name.toLowerCase());
    if (taken) throw failed(`A channel named #${taken.name} already exists.`);
    await subscribe(await this.#client(accountId), {
      subscriptions: [{ name: c.name, description: c.description }],
      invite_only: c.private,
      ...(c.webPublic ? { is_web_public: true } : {}),
    });
  }

  async setProperty(accountId: string, change: SubscriptionChange): Promise<void> {
    // Not the single-channel PATCH: some upstream versions read its value as plain text and
    // refuse "true" and "false" for the boolean properties; this call's list is JSON.
    await updateSubscriptionProperties(await this.#client(accountId), [change]);
  }

  #push(accountId: string): void {
    if (!this.#watched.has(accountId)) return;
    const dir = this.#deps.sync.channels(accountId);
    if (!dir) return;
    const full = this.#stale.delete(accountId);
    const changes = dir.takeChanges();
    if (!full && changes.changed.length === 0 && changes.removed.length === 0 && !changes.meta)
      return;
    this.#deps.bus.publish('channels.changed', {
      accountId,
      full,
      rows: full ? dir.rows() : changes.changed.flatMap((id) => dir.row(id) ?? []),
      removed: full ? [] : changes.removed,
      meta: dir.meta(),
    });
  }

  #directory(accountId: string): ChannelDirectory {
    const dir = this.#deps.sync.channels(accountId);
    if (!dir) throw failed('This organization is not connected yet: its channels are not loaded.');
    return dir;
  }

  #name(accountId: string, streamId: number): string {
    const name = this.#directory(accountId).name(streamId);
    if (name === undefined) throw failed('That channel is not one you can see any more.');
    return name;
  }

  async #client(accountId: string): Promise<ApiClient> {
    return (await this.#deps.accounts.clientFor(accountId)).client;
  }
}
