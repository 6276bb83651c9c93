/**
 * `exchange` with a timeout on its own timer (the long-poll's): a server that never answers,
 * or stops halfway through its body, fails as undici's own timeouts do, and a slow body that
 * keeps coming is waited for, against loopback servers that misbehave on purpose.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src/api/errors.ts';
import { toNetworkError } from '../../../src/api/network.ts';
import { exchange, Pool } from '../../../src/api/undici-parts.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

async function serve(answer: (res: ServerResponse) => void): Promise<{ url: string; pool: Pool }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => answer(res));
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pool = new Pool(origin, { connections: 1 });
  cleanup.push(async () => {
    await pool.destroy();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `${origin}/api/v1/events`, pool };
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('the exchange did not fail');
    },
    (error: unknown) => error,
  );
}

describe('exchange with a timeout of its own', () => {
  it('fails as a headers timeout when the server never answers, which the client calls "timeout"', async () => {
    const { url, pool } = await serve(() => {});
    const error = await failureOf(exchange(url, { dispatcher: pool, timeoutMs: 200 }));
    expect((error as { code?: string }).code).toBe('UND_ERR_HEADERS_TIMEOUT');
    const network = toNetworkError('GET /events', error);
    expect(network).toBeInstanceOf(NetworkError);
    expect(network.kind).toBe('timeout');
  });

  it('fails as a body timeout when the body stops halfway', async () => {
    const { url, pool } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"result":"success",');
    });
    const error = await failureOf(exchange(url, { dispatcher: pool, timeoutMs: 200 }));
    expect((error as { code?: string }).code).toBe('UND_ERR_BODY_TIMEOUT');
    expect(toNetworkError('GET /events', error).kind).toBe('timeout');
  });

  it('waits for a body that keeps coming for longer than the timeout in all', async () => {
    const pieces = Array.from({ length: 12 }, (_, i) => `"p${i}":${i},`);
    const { url, pool } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let i = 0;
      const next = () => {
        if (i === pieces.length) return void res.end('"end":true}');
        res.write(i === 0 ? `{${pieces[i++]}` : pieces[i++]!);
        setTimeout(next, 100);
      };
      next();
    });
    const started = Date.now();
    const answer = await exchange(url, { dispatcher: pool, timeoutMs: 1000 });
    // Longer in all than the timeout: only the gaps between pieces count.
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(JSON.parse(answer.text())).toMatchObject({ p0: 0, p11: 11, end: true });
  });

  it("ends at once, with the caller's reason, when the caller aborts", async () => {
    const { url, pool } = await serve(() => {});
    const caller = new AbortController();
    const pending = failureOf(
      exchange(url, { dispatcher: pool, timeoutMs: 60_000, signal: caller.signal }),
    );
    const reason = new Error('signed out');
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });
});
