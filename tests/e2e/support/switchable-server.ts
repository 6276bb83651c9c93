/**
 * A hop in front of a server that can be switched off: while off nothing listens on its
 * port, so a connection is refused, as it is when a server is down or out of reach.
 */
import type { AddressInfo } from 'node:net';
import { startCuttingProxy } from './cutting-proxy.ts';

export interface SwitchableServer {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** `seen`, if given, hears of each request that passes, to count what reached the server. */
export async function switchableServer(
  target: string,
  seen?: (req: { method: string; path: string }) => void,
): Promise<SwitchableServer> {
  const proxy = await startCuttingProxy(target, (req) => {
    seen?.(req);
    return false;
  });
  const { port } = proxy.server.address() as AddressInfo;
  return {
    url: proxy.url,
    down: () =>
      new Promise<void>((resolve) => {
        proxy.server.closeAllConnections();
        proxy.server.close(() => resolve());
      }),
    up: () => new Promise<void>((resolve) => proxy.server.listen(port, '127.0.0.1', resolve)),
    close: () => proxy.close().catch(() => undefined),
  };
}
