/** Channels of the network settings: the proxy preference and the connection doctor. */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';
import { checkServerUrl } from '../../accounts/server-url.ts';
import { KeychainUnavailableError } from '../../accounts/secret-store.ts';
import { runDoctor } from '../../network/doctor.ts';
import { RpcError } from '../../../contract/errors.ts';

export function networkHandlers(
  ctx: CoreContext,
): Pick<HandlerTable, 'proxy.get' | 'proxy.set' | 'doctor.run'> {
  const { accounts, proxy } = ctx;
  return {
    'proxy.get': async () => proxy.state(),
    'proxy.set': async (change) => {
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
      ctx.sync.kickAll();
      return state;
    },
    'doctor.run': async (args) => {
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
          clock: ctx.clock,
        });
      }
      const checked = checkServerUrl(args.serverUrl, args.allowInsecure ?? false);
      if (!checked.ok) throw new RpcError({ code: 'FAILED', message: checked.reason });
      return runDoctor({
        serverUrl: checked.url,
        connection: { proxy: proxy.routeFor(checked.url) },
        proxyNote: proxy.noteFor(checked.url),
        clock: ctx.clock,
      });
    },
  };
}
