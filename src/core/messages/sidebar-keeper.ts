/**
 * Each account's sidebar sources (subscriptions, folders, recent topics and conversations):
 * fetched the first time a sidebar is asked for, then kept current by the account's events,
 * so an incoming message costs no request. A re-registration, a sign-out, or an event the
 * kept sources cannot follow by themselves drops them, and the next sidebar fetches afresh.
 */
import type { ApiClient } from '../../api/client.ts';
import type { FetchedMessage } from '../../api/schemas/message.ts';
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { AccountState } from '../model/account-state.ts';
import { addToSources, fetchSidebarSources, type SidebarSources } from './sidebar.ts';

/** Events that change what the sources hold in ways cheaper to fetch again than to follow. */
function staleAfter(e: ServerEvent): boolean {
  const op = (e as { op?: unknown }).op;
  // Typed loosely: the event schema names only the types the Core parses in full.
  switch (e.type as string) {
    case 'subscription':
      // Others joining or leaving a channel change nothing the sidebar lists.
      return op !== 'peer_add' && op !== 'peer_remove';
    case 'stream':
    case 'channel_folder':
    case 'delete_message':
      return true;
    case 'update_message': {
      const u = e as { new_stream_id?: unknown; subject?: unknown };
      return u.new_stream_id !== undefined || u.subject !== undefined;
    }
    case 'realm_user':
      return op === 'update' || op === 'remove';
    default:
      return false;
  }
}

export class SidebarKeeper {
  readonly #sources = new Map<string, Promise<SidebarSources>>();

  /** A new queue or a sign-out: events may be missed, so the next sidebar fetches afresh. */
  drop(accountId: string): void {
    this.#sources.delete(accountId);
  }

  sources(accountId: string, client: ApiClient): Promise<SidebarSources> {
    const kept = this.#sources.get(accountId);
    if (kept) return kept;
    const fetched = fetchSidebarSources(client);
    this.#sources.set(accountId, fetched);
    // A failed fetch is not kept: the next sidebar tries again.
    fetched.catch(() => {
      if (this.#sources.get(accountId) === fetched) this.#sources.delete(accountId);
    });
    return fetched;
  }

  /**
   * Sources from the account's registered state alone, for when the server cannot be
   * reached: its channels, so a conversation opened meanwhile still knows where compose
   * writes, without topics or recent conversations.
   */
  static fromState(state: AccountState | undefined): SidebarSources | undefined {
    if (!state) return undefined;
    // The register's subscriptions are the same objects GET /users/me/subscriptions lists.
    const subscriptions = state.subscriptions() as unknown as SidebarSources['subscriptions'];
    return { subscriptions, folders: [], recentDms: [], recent: [] };
  }

  /** Takes a batch of the account's events into its kept sources, or drops them. */
  follow(accountId: string, events: ServerEvent[]): void {
    const kept = this.#sources.get(accountId);
    if (!kept) return;
    if (events.some(staleAfter)) {
      this.#sources.delete(accountId);
      return;
    }
    const messages = events.flatMap((e) =>
      e.type === 'message' ? [e.message as unknown as FetchedMessage] : [],
    );
    if (messages.length === 0) return;
    void kept.then(
      (sources) => messages.forEach((m) => addToSources(sources, m)),
      () => undefined,
    );
  }
}
