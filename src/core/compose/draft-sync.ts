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
import type { ServerDraft } from '../../api/schemas/draft.ts';
import type { AccountManager } from '../accounts/manager.ts';
import type { DraftWire } from '../rpc/schemas/drafts.ts';
import type { SyncManager } from '../sync/manager.ts';
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

  constructor(
    private readonly drafts: DraftStore,
    private readonly accounts: AccountManager,
    private readonly sync: SyncManager,
  ) {}

  /** The user's own setting, as the account's event queue last reported it. */
  on(accountId: string): boolean {
    return this.sync.state(accountId)?.settings['enable_drafts_synchronization'] === true;
  }

  async list(accountId: string): Promise<DraftWire[]> {
    if (!this.#pulled.has(accountId) && this.on(accountId)) {
      await this.#pull(accountId).then(
        () => this.#pulled.add(accountId),
        () => undefined,
      );
    }
    return this.drafts.list(accountId);
  }

  async save(accountId: string, draft: Omit<DraftWire, 'updatedAt' | 'serverId'>): Promise<void> {
    const before = (await this.drafts.list(accountId)).find((d) => d.key === draft.key);
    await this.drafts.save(accountId, draft);
    if (!this.on(accountId)) return;
    const kept = (await this.drafts.list(accountId)).find((d) => d.key === draft.key);
    await this.#client(accountId)
      .then(async (client) => {
        if (!kept) {
          if (before?.serverId !== undefined) await deleteDraft(client, before.serverId);
          return;
        }
        if (kept.serverId !== undefined) {
          await editDraft(client, kept.serverId, toServer(kept));
          return;
        }
        const { ids } = (await createDrafts(client, [toServer(kept)])).data;
        if (ids[0] !== undefined) await this.drafts.linkServerCopy(accountId, kept.key, ids[0]);
      })
      .catch(() => undefined);
  }

  async delete(accountId: string, key: string): Promise<void> {
    const before = (await this.drafts.list(accountId)).find((d) => d.key === key);
    await this.drafts.delete(accountId, key);
    if (before?.serverId === undefined || !this.on(accountId)) return;
    const serverId = before.serverId;
    await this.#client(accountId)
      .then((client) => deleteDraft(client, serverId))
      .catch(() => undefined);
  }

  async #client(accountId: string): Promise<ApiClient> {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async #pull(accountId: string): Promise<void> {
    const { drafts: remote } = (await getDrafts(await this.#client(accountId))).data;
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
      if (sameKey && sameKey.updatedAt >= when) continue;
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
