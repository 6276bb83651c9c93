/**
 * Drafts copied to the server for a user whose `enable_drafts_synchronization` is on, as the
 * official apps do: each kept draft is created or edited there, a deleted one deleted, and
 * the server's drafts are read once per run into the local ones (new ones added, ones
 * deleted on another device dropped, newer text taken). The local file stays the source a
 * restart reads; a server that cannot be reached costs only the copy, never the draft.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createDrafts,
  deleteDraft,
  editDraft,
  getDrafts,
  type DraftFields,
} from '../../api/routes/drafts.ts';
import { NetworkError } from '../../api/errors.ts';
import type { ServerDraft } from '../../api/schemas/draft.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { mayHaveApplied } from '../messages/reconcile.ts';
import { RpcError } from '../../contract/errors.ts';
import type { DraftWire } from '../../contract/schemas/drafts.ts';
import type { AccountStores } from '../store/account-stores.ts';
import type { DraftStore } from './drafts.ts';

type Recipient = NonNullable<DraftWire['target']>;

/** As the narrow bar writes an operand: quoted when it has spaces or quotes. */
function operand(text: string): string {
  return text === '' || /[\s"]/.test(text) ? `"${text.replaceAll('"', '')}"` : text;
}

function toServer(d: DraftWire): DraftFields {
  const base = { content: d.content, timestamp: Math.floor(d.updatedAt / 1000) };
  const t = d.target;
  if (t?.type === 'stream') return { ...base, type: 'stream', to: [t.streamId], topic: d.topic };
  if (t?.type === 'direct')
    return { ...base, type: 'private', to: t.users.map((u) => u.id), topic: '' };
  return { ...base, type: '', to: [], topic: '' };
}

export class DraftSync {
  /** Accounts whose server drafts were read in this run. */
  readonly #pulled = new Set<string>();
  /**
   * Drafts ("account\nkey") whose create lost its answer and whose copy is not found yet:
   * the server may hold one, so the next save or delete lists the server's drafts first.
   */
  readonly #uncertain = new Set<string>();
  /** Per draft, its last server change: one at a time, so two saves never make two copies. */
  readonly #pushing = new Map<string, Promise<void>>();

  constructor(
    private readonly drafts: DraftStore,
    private readonly accounts: AccountManager,
    private readonly sync: Pick<AccountStores, 'state'>,
  ) {}

  /** The user's own setting, as the account's event queue last reported it. */
  on(accountId: string): boolean {
    return this.sync.state(accountId)?.settings['enable_drafts_synchronization'] === true;
  }

  /** No file is made for an account that is not signed in here. */
  #known(accountId: string): void {
    if (!this.accounts.list().some((a) => a.id === accountId))
      throw new RpcError({ code: 'FAILED', message: 'This account is not signed in.' });
  }

  async list(accountId: string): Promise<DraftWire[]> {
    this.#known(accountId);
    if (!this.#pulled.has(accountId) && this.on(accountId)) {
      await this.#pull(accountId).then(
        () => this.#pulled.add(accountId),
        () => undefined,
      );
    }
    return this.drafts.list(accountId);
  }

  async save(accountId: string, draft: Omit<DraftWire, 'updatedAt' | 'serverId'>): Promise<void> {
    this.#known(accountId);
    await this.#remember(accountId, draft.key);
    await this.drafts.save(accountId, draft);
    if (this.on(accountId)) await this.#push(accountId, draft.key);
  }

  async delete(accountId: string, key: string): Promise<void> {
    this.#known(accountId);
    await this.#remember(accountId, key);
    await this.drafts.delete(accountId, key);
    if (this.on(accountId)) await this.#push(accountId, key);
  }

  /** Notes a draft's server copy before a change that may drop the draft (and its link). */
  async #remember(accountId: string, key: string): Promise<void> {
    const serverId = (await this.drafts.list(accountId)).find((d) => d.key === key)?.serverId;
    if (serverId !== undefined) this.#linked.set(`${accountId}\n${key}`, serverId);
  }

  /** Brings the server copy of one draft in line with the local one, after earlier changes. */
  #push(accountId: string, key: string): Promise<void> {
    const id = `${accountId}\n${key}`;
    const next = (this.#pushing.get(id) ?? Promise.resolve())
      .then(async () => this.#copy(accountId, key, await this.#client(accountId)))
      .catch(() => undefined);
    this.#pushing.set(id, next);
    void next.then(() => {
      if (this.#pushing.get(id) === next) this.#pushing.delete(id);
    });
    return next;
  }

  async #copy(accountId: string, key: string, client: ApiClient): Promise<void> {
    const id = `${accountId}\n${key}`;
    const kept = (await this.drafts.list(accountId)).find((d) => d.key === key);
    let serverId = kept ? kept.serverId : this.#linked.get(id);
    if (serverId === undefined && this.#uncertain.has(id)) {
      serverId = await this.#adopt(accountId, key, client);
    }
    if (!kept) {
      // Sent or deleted: its copy goes too, the one a lost answer left included.
      this.#linked.delete(id);
      if (serverId !== undefined) await deleteDraft(client, serverId);
      return;
    }
    if (serverId !== undefined) {
      await editDraft(client, serverId, toServer(kept));
      return;
    }
    try {
      const { ids } = (await createDrafts(client, [toServer(kept)])).data;
      if (ids[0] !== undefined) await this.#link(accountId, key, ids[0]);
    } catch (err) {
      if (!(err instanceof NetworkError) || !mayHaveApplied(err)) throw err;
      // The create may have been made: find its copy rather than make a second one.
      this.#uncertain.add(id);
      await this.#adopt(accountId, key, client);
    }
  }

  /** Server copies last known per draft, kept past the draft's deletion until the copy goes. */
  readonly #linked = new Map<string, number>();

  async #link(accountId: string, key: string, serverId: number): Promise<void> {
    this.#linked.set(`${accountId}\n${key}`, serverId);
    this.#uncertain.delete(`${accountId}\n${key}`);
    await this.drafts.linkServerCopy(accountId, key, serverId);
  }

  /** The server's copy of a draft no local draft claims (a create whose answer was lost). */
  async #adopt(accountId: string, key: string, client: ApiClient): Promise<number | undefined> {
    const { drafts: remote } = (await getDrafts(client)).data;
    const claimed = new Set((await this.drafts.list(accountId)).map((d) => d.serverId));
    const found = remote
      .filter((r) => !claimed.has(r.id) && this.#fromServer(accountId, r)?.key === key)
      .sort((a, b) => b.timestamp - a.timestamp)[0];
    if (found === undefined) {
      this.#uncertain.delete(`${accountId}\n${key}`);
      return undefined;
    }
    await this.#link(accountId, key, found.id);
    return found.id;
  }

  async #client(accountId: string): Promise<ApiClient> {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async #pull(accountId: string): Promise<void> {
    const client = await this.#client(accountId);
    const { drafts: remote } = (await getDrafts(client)).data;
    const adopted = new Set<string>();
    const byId = new Map(remote.map((d) => [d.id, d]));
    const local = await this.drafts.list(accountId);
    // Linked here but gone there: deleted (or sent) on another device.
    for (const d of local)
      if (d.serverId !== undefined && !byId.has(d.serverId))
        await this.drafts.delete(accountId, d.key);
    const linked = new Map(local.map((d) => [d.serverId, d]));
    for (const r of remote) {
      const mine = linked.get(r.id);
      const when = r.timestamp * 1000;
      if (mine && mine.updatedAt >= when) continue;
      const draft = this.#fromServer(accountId, r);
      if (!draft) continue;
      const sameKey = local.find((d) => d.key === draft.key && d.serverId === undefined);
      if (sameKey && !adopted.has(draft.key)) {
        // This draft's own copy, its link lost with a create's answer: one copy, not two.
        adopted.add(draft.key);
        if (sameKey.updatedAt >= when) {
          await this.#link(accountId, draft.key, r.id);
          await editDraft(client, r.id, toServer(sameKey));
          continue;
        }
      } else if (sameKey && sameKey.updatedAt >= when) continue;
      await this.drafts.save(accountId, { ...draft, serverId: r.id }, when);
    }
  }

  /** The local form of a server draft: its narrow as the bar writes it, and its recipient. */
  #fromServer(accountId: string, r: ServerDraft): Omit<DraftWire, 'updatedAt'> | undefined {
    const state = this.sync.state(accountId);
    let target: Recipient | undefined;
    let key = '';
    let where: string | undefined;
    if (r.type === 'stream') {
      const streamId = r.to[0];
      const name = streamId !== undefined ? state?.stream(streamId)?.name : undefined;
      if (streamId === undefined || name === undefined) return undefined;
      target = { type: 'stream', streamId, channel: name };
      key = `channel:${operand(name)} topic:${operand(r.topic)}`;
      where = `#${name} > ${r.topic}`;
    } else if (r.type === 'private') {
      const users = r.to.map((id) => ({ id, name: state?.user(id)?.full_name ?? `user ${id}` }));
      target = { type: 'direct', users };
      key = `dm:${[...r.to].sort((a, b) => a - b).join(',')}`;
      where = users.map((u) => u.name).join(', ');
    }
    return {
      key,
      content: r.content,
      topic: r.topic,
      ...(target ? { recipient: target, target, where } : {}),
    };
  }
}
