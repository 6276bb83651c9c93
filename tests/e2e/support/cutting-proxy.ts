import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop in front of a server that drops the connection of the requests `cut`
 * claims, without an answer (what a network failure looks like to a client), and passes
 * everything else through untouched.
 */
export async function startCuttingProxy(
  target: string,
  cut: (req: { method: string; path: string }) => boolean,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const proxy = createServer((req, res) => {
    if (cut({ method: req.method ?? 'GET', path: req.url ?? '/' })) {
      req.socket.destroy();
      return;
    }
    const upstream = request(
      `${target}${req.url ?? ''}`,
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    // The Core's long-poll is cut when the proxy closes; that is expected.
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server: proxy,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
