/**
 * The network settings' side of the Core: the proxy preference, changed for every account's
 * calls and long-polls at once, and the connection doctor run for a signed-in account or
 * for an address typed at sign-in.
 */
import type { Clock } from '../../lib/clock.ts';
import type { Args, Result } from '../../contract/contract.ts';
import { RpcError } from '../../contract/errors.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { KeychainUnavailableError } from '../accounts/secret-store.ts';
import { checkServerUrl } from '../accounts/server-url.ts';
import type { SyncManager } from '../sync/manager.ts';
import { runDoctor } from './doctor.ts';
import type { ProxySettings } from './proxy-settings.ts';

export interface NetworkDeps {
  clock: Clock;
  accounts: Pick<AccountManager, 'list' | 'clientFor' | 'connectionFor' | 'reroute'>;
  proxy: ProxySettings;
  sync: Pick<SyncManager, 'kickAll'>;
}

export class NetworkService {
  readonly #deps: NetworkDeps;

  constructor(deps: NetworkDeps) {
    this.#deps = deps;
  }

  proxyState(): Result<'proxy.get'> {
    return this.#deps.proxy.state();
  }

  async setProxy(change: Args<'proxy.set'>): Promise<Result<'proxy.set'>> {
    const { proxy, accounts, sync } = this.#deps;
    let state;
    try {
      state = await proxy.set(change);
    } catch (err) {
      if (!(err instanceof KeychainUnavailableError)) throw err;
      throw new RpcError({
        code: 'FAILED',
        message: 'Perch has nowhere safe to keep the proxy password: no keychain is available.',
        apiCode: 'NO_KEYCHAIN',
        details: { cause: err.message },
      });
    }
    // Every account's calls and long-polls go through the new route from now on.
    accounts.reroute();
    sync.kickAll();
    return state;
  }

  async doctor(args: Args<'doctor.run'>): Promise<Result<'doctor.run'>> {
    const { accounts, proxy, clock } = this.#deps;
    if ('accountId' in args) {
      const account = accounts.list().find((a) => a.id === args.accountId);
      if (!account) {
        throw new RpcError({ code: 'FAILED', message: 'That account is not signed in.' });
      }
      return runDoctor({
        serverUrl: account.serverUrl,
        connection: accounts.connectionFor(account),
        proxyNote: proxy.noteFor(account.serverUrl),
        credentials: {
          email: account.email,
          client: async () => (await accounts.clientFor(account.id)).client,
        },
        clock,
      });
    }
    const checked = checkServerUrl(args.serverUrl, args.allowInsecure ?? false);
    if (!checked.ok) throw new RpcError({ code: 'FAILED', message: checked.reason });
    return runDoctor({
      serverUrl: checked.url,
      connection: { proxy: proxy.routeFor(checked.url) },
      proxyNote: proxy.noteFor(checked.url),
      clock,
    });
  }
}
