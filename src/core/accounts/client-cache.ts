import type { ApiClient } from '../../api/client.ts';

/**
 * One ApiClient per signed-in account. The server counts its rate limit per user, so the
 * pacing learned from one call must hold back the next, whoever makes it; sharing the
 * client also keeps its connections alive between calls and its feature level learned.
 * A new key (re-authentication) or address gets a new client; the old one is closed.
 */
export class ClientCache {
  readonly #entries = new Map<string, { identity: string; client: ApiClient }>();

  get(accountId: string, identity: string, make: () => ApiClient): ApiClient {
    const entry = this.#entries.get(accountId);
    if (entry?.identity === identity) return entry.client;
    if (entry) void entry.client.close().catch(() => undefined);
    const client = make();
    this.#entries.set(accountId, { identity, client });
    return client;
  }

  /** Every account's client, e.g. to reroute them all through a new proxy. */
  all(): ApiClient[] {
    return [...this.#entries.values()].map((entry) => entry.client);
  }

  /** Closes the account's client (sign-out), once the calls still running on it end. */
  async drop(accountId: string): Promise<void> {
    const entry = this.#entries.get(accountId);
    this.#entries.delete(accountId);
    await entry?.client.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#entries.keys()].map((id) => this.drop(id)));
  }
}
