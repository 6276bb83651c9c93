import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback that is not a chat server (or is an odd one): it answers
 * every request with the given status, content type and body.
 */
export async function startFakeSite(
  body: string,
  contentType = 'text/html',
  status = 200,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** A free loopback port with nothing listening on it. */
export async function deadAddress(): Promise<string> {
  const site = await startFakeSite('');
  await site.close();
  return site.url;
}
