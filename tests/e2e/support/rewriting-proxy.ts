import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop in front of a server that rewrites the JSON of the answers `rewrite`
 * claims (it returns the new body) and passes everything else through untouched: a way to
 * meet server behaviour the reference server has no reason to produce. A request `refuse`
 * claims never reaches the server: the proxy answers it with that error body and status 400.
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (
    req: { method: string; path: string },
    body: Record<string, unknown>,
  ) => Record<string, unknown> | undefined,
  refuse: (req: { method: string; path: string }) => Record<string, unknown> | undefined = () =>
    undefined,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const proxy = createServer((req, res) => {
    const refusal = refuse({ method: req.method ?? 'GET', path: req.url ?? '/' });
    if (refusal) {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(refusal));
      return;
    }
    const upstream = request(
      `${target}${req.url ?? ''}`,
      { method: req.method, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const raw = Buffer.concat(chunks);
          let body: Record<string, unknown> | undefined;
          try {
            body = rewrite(
              { method: req.method ?? 'GET', path: req.url ?? '/' },
              JSON.parse(raw.toString('utf8')),
            );
          } catch {
            body = undefined;
          }
          if (!body) {
            res.writeHead(up.statusCode ?? 502, up.headers);
            res.end(raw);
            return;
          }
          res.writeHead(up.statusCode ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        });
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
