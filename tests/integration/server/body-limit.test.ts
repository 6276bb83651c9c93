import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { basic, byRole } from './admin-client.ts';

let server: StartedServer;
let agent: Agent;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(async () => {
  agent?.destroy();
  await server.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  socket: Socket;
}

/** One request over `agent`, so keep-alive connections are reused as a real client would. */
function send(method: string, path: string, body?: Buffer, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const owner = byRole(server, 100);
    const headers: Record<string, string> = { ...basic(owner) };
    if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      if (!chunked) headers['content-length'] = String(body.length);
    }
    const req = request(`${server.url}/api/v1${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, socket: req.socket! }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) return void req.end();
    if (!chunked) return void req.end(body);
    // Sent in pieces without a length, as a streaming client does.
    for (let at = 0; at < body.length; at += 1024 * 1024)
      req.write(body.subarray(at, at + 1024 * 1024));
    req.end();
  });
}

const oversized = () => Buffer.from(`content=${'x'.repeat(9 * 1024 * 1024)}`);

describe('a body over the limit on a keep-alive connection', () => {
  it.each([
    ['with a declared length', false],
    ['sent chunked', true],
  ])(
    'answers 413 with Connection: close, and the next request succeeds (%s)',
    async (_, chunked) => {
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const before = await send('GET', '/server_settings');
      expect(before.status).toBe(200);

      const refused = await send('POST', '/messages', oversized(), chunked);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(JSON.parse(refused.text)).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });

      // An ECONNRESET here would reject; the agent opens a new connection instead.
      const after = await send('GET', '/server_settings');
      expect(after.status).toBe(200);
      expect(after.socket).not.toBe(refused.socket);
      const again = await send('GET', '/users/me');
      expect(again.status).toBe(200);
      agent.destroy();
    },
  );
});
