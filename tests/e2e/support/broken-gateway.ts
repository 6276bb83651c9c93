import type { StartedServer } from '../../../src/server/index.ts';
import type { BrowserMode } from './web-host.ts';
import { startRewritingProxy } from './rewriting-proxy.ts';

/** What a broken gateway in front of the chat server might answer: long, with a URL in it. */
export const LONG_ERROR =
  'Upstream connect error or disconnect/reset before headers. Reset reason: connection ' +
  'failure, transport failure reason: delayed connect error: ECONNREFUSED while reaching ' +
  'https://chat-backend-eu-west-1.internal.example.com/api/v1/events?queue_id=1732480000:4f2a9c7e61b8d0353a' +
  ' after 3 attempts';

export interface BrokenGateway {
  /** From now on the event queue is refused with LONG_ERROR; the account reconnects. */
  break(): void;
  close(): Promise<void>;
}

/** Signs the owner in through a gateway that, once broken, refuses the event queue. */
export async function ownerBehindGateway(
  server: StartedServer,
  mode: BrowserMode,
): Promise<BrokenGateway> {
  let broken = false;
  const proxy = await startRewritingProxy(
    server.url,
    () => undefined,
    ({ path }) =>
      broken && (path.startsWith('/api/v1/events') || path.startsWith('/api/v1/register'))
        ? { result: 'error', code: 'BAD_REQUEST', msg: LONG_ERROR }
        : undefined,
  );
  const owner = server.users.find((u) => u.role === 100 && !u.is_bot)!;
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: owner.email,
    apiKey: owner.api_key,
    allowInsecure: true,
  });
  return {
    break() {
      broken = true;
      void mode.core.invoke('sync.reconnect', {});
    },
    close: () => proxy.close(),
  };
}
