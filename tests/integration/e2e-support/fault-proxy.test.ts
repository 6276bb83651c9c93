/**
 * The suite's fault proxy (tests/e2e/support/fault-proxy.ts), which the network-fault tests
 * (lost answers, lost queues, outages) stand on: each fault does to a real HTTP request what it
 * says, and a request no rule claims passes untouched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactly, startFaultProxy, type FaultProxy } from '../../e2e/support/fault-proxy.ts';

let target: Server;
let proxy: FaultProxy;
/** Bodies the server received, in order. */
let received: string[];
const answer = JSON.stringify({ result: 'success', msg: '', text: 'x'.repeat(200) });

beforeEach(async () => {
  received = [];
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  proxy = await startFaultProxy(`http://127.0.0.1:${(target.address() as AddressInfo).port}`);
});
afterEach(async () => {
  await proxy.close();
  target.closeAllConnections();
  await new Promise<void>((r) => target.close(() => r()));
});

const post = (path: string, body = 'a=1') =>
  fetch(`${proxy.url}${path}`, { method: 'POST', body, headers: { connection: 'close' } });
const send = exactly('POST', '/api/v1/messages');

describe('fault proxy', () => {
  it('passes what no rule claims, whole', async () => {
    const r = await post('/api/v1/messages');
    expect(await r.text()).toBe(answer);
    expect(received).toEqual(['POST /api/v1/messages a=1']);
  });

  it('refuses: nothing reaches the server', async () => {
    proxy.add((req) => (send(req) ? { kind: 'refuse' } : undefined));
    await expect(post('/api/v1/messages')).rejects.toThrow();
    expect(received).toEqual([]);
    // Another path still passes.
    expect((await post('/api/v1/messages/flags')).status).toBe(200);
  });

  it('cuts the answer after the server applied the request', async () => {
    proxy.add((req) => (send(req) ? { kind: 'cut', keepBytes: 10 } : undefined));
    await expect(post('/api/v1/messages').then((r) => r.text())).rejects.toThrow();
    expect(received).toEqual(['POST /api/v1/messages a=1']);
  });

  it('holds a request before the server until released, or drops it unsent', async () => {
    proxy.add((req) => (send(req) ? { kind: 'hold' } : undefined));
    const first = post('/api/v1/messages', 'first');
    await expect.poll(() => proxy.held().length).toBe(1);
    expect(received).toEqual([]);
    expect(proxy.release()).toBe(1);
    expect(await (await first).text()).toBe(answer);
    const second = post('/api/v1/messages', 'second');
    await expect.poll(() => proxy.held().length).toBe(1);
    expect(proxy.drop()).toBe(1);
    await expect(second).rejects.toThrow();
    expect(received).toEqual(['POST /api/v1/messages first']);
  });

  it('trickles the whole answer out in small pieces', async () => {
    proxy.add((req) => (send(req) ? { kind: 'trickle', chunkBytes: 16, everyMs: 1 } : undefined));
    expect(await (await post('/api/v1/messages')).text()).toBe(answer);
  });

  it('an outage refuses everything until it ends; a black hole swallows until it ends', async () => {
    const outage = proxy.outage();
    await expect(post('/api/v1/users')).rejects.toThrow();
    outage.end();
    expect((await post('/api/v1/users')).status).toBe(200);
    const hole = proxy.blackhole();
    const swallowed = post('/api/v1/users', 'lost');
    await expect.poll(() => proxy.log.filter((l) => l.fault === 'blackhole').length).toBe(1);
    hole.end();
    await expect(swallowed).rejects.toThrow();
    expect(received).not.toContain('POST /api/v1/users lost');
  });
});
