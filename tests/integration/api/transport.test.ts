/** The client's own HTTP behaviour, against tiny loopback servers that misbehave on purpose. */
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../src/api/client.ts';
import { NetworkError, ServerError, UnsupportedByServerError } from '../../../src/api/errors.ts';
import { getChannelFolders } from '../../../src/api/routes/channel-folders.ts';
import { getEvents } from '../../../src/api/routes/events.ts';
import { getOwnUser } from '../../../src/api/routes/users.ts';
import { failure } from './harness.ts';

const API_KEY = 'SECRETKEY1234567890abcdef';
const EMAIL = 'member@perch.test';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(
  hostPort: string,
  options: { timeoutMs?: number; https?: boolean } = {},
): ApiClient {
  const c = new ApiClient({
    realmUrl: `${options.https ? 'https' : 'http'}://${hostPort}`,
    email: EMAIL,
    apiKey: API_KEY,
    timeoutMs: options.timeoutMs,
  });
  cleanup.push(() => c.close());
  return c;
}

const ownUser = {
  result: 'success',
  msg: '',
  user_id: 1,
  email: EMAIL,
  full_name: 'Mel',
  date_joined: '2026-01-01T00:00:00Z',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  role: 400,
  timezone: '',
  avatar_version: 1,
};

function expectNoSecret(error: unknown): void {
  const token = Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64');
  const shown = `${String(error)} ${(error as Error).stack ?? ''} ${inspect(error, { depth: 5 })}`;
  expect(shown).not.toContain(API_KEY);
  expect(shown).not.toContain(token);
}

describe('transport', () => {
  it('sends HTTP Basic credentials and reuses kept-alive connections', async () => {
    let connections = 0;
    const seen: (string | undefined)[] = [];
    const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ownUser));
    });
    server.on('connection', () => connections++);
    const c = client(await listen(server));
    for (let i = 0; i < 10; i++) await getOwnUser(c);
    expect(seen).toEqual(
      Array(10).fill(`Basic ${Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64')}`),
    );
    // undici may open a second socket while the first is being released; never one per call.
    expect(connections).toBeLessThanOrEqual(2);
  });

  it('keeps a pending long-poll on its own connection so other calls are not held up', async () => {
    const held: ServerResponse[] = [];
    let connections = 0;
    const server = createHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v1/events')) {
        held.push(res);
        return;
      }
      res.end(JSON.stringify(ownUser));
    });
    server.on('connection', () => connections++);
    const c = client(await listen(server));
    const controller = new AbortController();
    const poll = getEvents(c, { queue_id: 'q' }, controller.signal);
    await expect(getOwnUser(c)).resolves.toBeTruthy();
    expect(held).toHaveLength(1);
    expect(connections).toBe(2);
    controller.abort(new Error('stopped'));
    await expect(poll).rejects.toThrow('stopped');
  });

  it('sends each next long-poll on the connection the last one answered on', async () => {
    const pollSockets = new Set<Socket>();
    const server = createHttpServer((req, res) => {
      if (req.url?.startsWith('/api/v1/events')) pollSockets.add(req.socket);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ result: 'success', msg: '', events: [], queue_id: 'q' }));
    });
    const c = client(await listen(server));
    // As the event loop polls: the next request goes out as soon as the last body is read.
    for (let i = 0; i < 10; i++) await getEvents(c, { queue_id: 'q', last_event_id: i });
    // A second socket would sit idle through each held poll and be closed by keep-alive,
    // so a server that holds its polls would see a new connection for every event.
    expect(pollSockets.size).toBe(1);
  });

  it('keeps a connection for a server that says it keeps idle ones 2 s', async () => {
    // Node's servers keep 5 s; one saying 2 s shows the margin taken off a server's word
    // without waiting for it: with undici's own 2 s margin nothing would be left to keep,
    // and every call (the read mark of each new message) would open a connection.
    let connections = 0;
    const server = createHttpServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('keep-alive', 'timeout=2');
      res.end(JSON.stringify(ownUser));
    });
    server.keepAliveTimeout = 2000;
    server.on('connection', () => connections++);
    const c = client(await listen(server));
    await expect(getOwnUser(c)).resolves.toBeTruthy();
    const opened = connections;
    for (let i = 0; i < 3; i++) {
      // Apart, as a read mark follows the last call: back to back, undici may take a second
      // socket while the first is being released.
      await new Promise((turn) => setImmediate(turn));
      await expect(getOwnUser(c)).resolves.toBeTruthy();
    }
    expect(connections).toBe(opened);
  });

  it('sends a GET again on a new connection when a kept one is closed under it', async () => {
    // A server's keep-alive timer can fire just as a request goes out on the idle socket
    // (on a busy machine the margin is not enough): the socket closes with no answer. The
    // request never reached the server's handler, and a GET may be sent again, as browsers
    // do for a reused connection (RFC 9110 9.2.2, idempotent methods).
    let connections = 0;
    let answered = 0;
    const server = createNetServer((socket) => {
      connections++;
      let requests = 0;
      socket.on('data', () => {
        // One answer per connection: the next request on it meets a closing socket.
        if (++requests > 1) return void socket.destroy();
        answered++;
        const body = JSON.stringify(ownUser);
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: keep-alive\r\n' +
            `keep-alive: timeout=5\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      });
    });
    const c = client(await listen(server));
    for (let i = 0; i < 3; i++) {
      await new Promise((turn) => setImmediate(turn));
      await expect(getOwnUser(c)).resolves.toBeTruthy();
    }
    expect(answered).toBe(3);
    expect(connections).toBe(3);
  });

  it('sends no POST again when its connection closes with no answer', async () => {
    // The server may have acted on it: only the caller (the outbox, with its local id)
    // knows whether sending again is safe.
    let requests = 0;
    const server = createNetServer((socket) =>
      socket.on('data', () => {
        requests++;
        socket.destroy();
      }),
    );
    const c = client(await listen(server));
    const error = await failure(
      c.call({
        endpoint: 'POST /typing',
        method: 'POST',
        path: '/typing',
        params: { op: 'start' },
        schema: z.object({}),
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(requests).toBe(1);
  });

  it('uses the long-poll timeout plus a margin, 90 s when the server has not said', () => {
    const c = client('127.0.0.1:1');
    expect(c.longPollTimeoutMs).toBeGreaterThan(90_000);
    c.learnLongPollTimeout(30);
    expect(c.longPollTimeoutMs).toBeGreaterThan(30_000);
    expect(c.longPollTimeoutMs).toBeLessThan(90_000);
  });

  it('treats a server that does not announce service_feature_level as level 0', async () => {
    const server = createHttpServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ result: 'success', msg: '', realm_name: 'Old' }));
    });
    const c = client(await listen(server));
    expect(await c.featureLevel()).toBe(0);
    const error = await failure(getChannelFolders(c));
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    expect((error as UnsupportedByServerError).serverFeatureLevel).toBe(0);
  });

  it('asks GET /server_settings only once for concurrent calls that need the level', async () => {
    let settingsRequests = 0;
    const server = createHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v1/server_settings')) {
        settingsRequests++;
        res.end(JSON.stringify({ result: 'success', msg: '', service_feature_level: 300 }));
        return;
      }
      res.end(JSON.stringify({ result: 'success', msg: '', channel_folders: [] }));
    });
    const c = client(await listen(server));
    const results = await Promise.allSettled([
      getChannelFolders(c),
      getChannelFolders(c),
      c.featureLevel(),
    ]);
    expect(settingsRequests).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('reports a refused connection as NetworkError "refused"', async () => {
    const server = createNetServer();
    const address = await listen(server);
    await cleanup.pop()?.();
    const error = await failure(getOwnUser(client(address)));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('refused');
    expect((error as NetworkError).endpoint).toBe('GET /users/me');
    expectNoSecret(error);
  });

  it('reports a connection reset as NetworkError "reset"', async () => {
    const server = createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const error = await failure(getOwnUser(client(await listen(server))));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('reset');
    expectNoSecret(error);
  });

  it('reports a server that never answers as NetworkError "timeout"', async () => {
    const server = createNetServer(() => {});
    const error = await failure(getOwnUser(client(await listen(server), { timeoutMs: 100 })));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
  });

  it('ends a long-poll the server never answers at the long-poll timeout, as "timeout"', async () => {
    // A black-holed poll must end on its own: with no window nothing else checks the server.
    const server = createNetServer(() => {});
    const c = client(await listen(server), { timeoutMs: 100 });
    c.learnLongPollTimeout(0);
    const started = Date.now();
    const error = await failure(getEvents(c, { queue_id: 'q' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as NetworkError).endpoint).toBe('GET /events');
    // The long-poll's own timeout (the server's plus its margin), not the client's 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(c.longPollTimeoutMs - 50);
  }, 30_000);

  it('reports a failed TLS handshake as NetworkError "tls"', async () => {
    const server = createNetServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const error = await failure(getOwnUser(client(await listen(server), { https: true })));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('tls');
    expectNoSecret(error);
  });

  it('reports a 5xx HTML page as ServerError with the status', async () => {
    const server = createHttpServer((_req, res) => {
      res.statusCode = 502;
      res.setHeader('content-type', 'text/html');
      res.end(`<html>Bad gateway for ${API_KEY}</html>`);
    });
    const error = await failure(getOwnUser(client(await listen(server))));
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(502);
    expectNoSecret(error);
  });

  it('stops waiting as soon as the caller aborts', async () => {
    const server = createNetServer(() => {});
    const c = client(await listen(server));
    const controller = new AbortController();
    const call = getOwnUser(c, controller.signal);
    controller.abort(new Error('window closed'));
    await expect(call).rejects.toThrow('window closed');
  });

  it('stops waiting when the caller aborts while the answer is still coming', async () => {
    let closed!: Promise<void>;
    const requested = new Promise<void>((resolve) => {
      const server = createHttpServer((_req, res) => {
        closed = new Promise((done) => res.on('close', done));
        // Headers and half the body, then nothing: only the abort can end the call.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"result":"success",');
        resolve();
      });
      void listen(server).then((hostPort) => {
        const c = client(hostPort);
        call = getOwnUser(c, controller.signal);
        void call.catch(() => undefined);
      });
    });
    const controller = new AbortController();
    let call!: ReturnType<typeof getOwnUser>;
    await requested;
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('window closed'));
    await expect(call).rejects.toThrow('window closed');
    // The connection is let go, not left reading an answer nobody waits for.
    await closed;
  });

  it('never shows the API key when the client itself is logged', () => {
    const c = client('127.0.0.1:1');
    const shown = `${inspect(c, { depth: 10, showHidden: true })} ${JSON.stringify(c)}`;
    expect(shown).not.toContain(API_KEY);
    expect(shown).not.toContain(Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64'));
  });
});
