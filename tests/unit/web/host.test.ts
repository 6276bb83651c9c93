/**
 * The web host's guard against whatever a local process sends it: nothing it can send
 * before proving the token may stop the host (and the Core it carries), and the cookie a
 * page gets, which cookies' port blindness shows to every 127.0.0.1 service, cannot open
 * the WebSocket.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { scriptJson } from '../../../src/web/boot-html.ts';
import { MemorySecrets } from '../../integration/core/sync/memory-secrets.ts';

let core: Core;
let host: WebHost;
let staticDir: string;

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'perch-host-'));
  staticDir = join(dir, 'renderer');
  await mkdir(staticDir);
  await writeFile(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Perch</title></head><body></body></html>',
  );
  core = await createCore({
    dataDir: join(dir, 'data'),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  host = await startWebHost({ core, staticDir });
});

afterEach(async () => {
  await host.close();
  await core.close();
});

/** Sends raw bytes and resolves with whatever comes back before the peer closes. */
function raw(request: string, reset = false): Promise<string> {
  const { port } = new URL(host.origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(request);
      if (reset) socket.resetAndDestroy();
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
  });
}

const upgrade = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n` +
  `Origin: ${host.origin}\r\n\r\n`;

/** The frames of one message from the host: one, or what one of its turns said, as an array. */
function framesOf(data: WebSocket.RawData): unknown[] {
  const parsed = JSON.parse(String(data)) as unknown;
  return Array.isArray(parsed) ? parsed : [parsed];
}

async function stillServes(): Promise<void> {
  const response = await fetch(host.url);
  expect(response.status).toBe(200);
}

describe('the web host under hostile local traffic', () => {
  it('an upgrade whose target is not a URL is dropped, and the host keeps serving', async () => {
    expect(await raw(upgrade('http://[/rpc'))).not.toContain('101');
    await stillServes();
  });

  it('a peer that resets after a refused upgrade does not take the host down', async () => {
    for (let i = 0; i < 20; i++) await raw(upgrade('/rpc?token=wrong'), true);
    await stillServes();
  });

  it('the page cookie serves the page but is not the token and cannot open the WebSocket', async () => {
    const page = await fetch(host.url);
    const cookie = /perch_token=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(cookie).not.toBe('');
    expect(cookie).not.toBe(host.token);

    const again = await fetch(`${host.origin}/`, { headers: { cookie: `perch_token=${cookie}` } });
    expect(again.status).toBe(200);

    const opened = (token: string) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${new URL(host.origin).port}/rpc?token=${token}`, {
          origin: host.origin,
        });
        ws.on('open', () => {
          ws.close();
          resolve(true);
        });
        ws.on('error', () => resolve(false));
      });
    expect(await opened(encodeURIComponent(cookie))).toBe(false);
    expect(await opened(encodeURIComponent(host.token))).toBe(true);
  });
});

describe('the web host under an oversized call', () => {
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const { port } = new URL(host.origin);
      const ws = new WebSocket(
        `ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(host.token)}`,
        {
          origin: host.origin,
        },
      );
      ws.on('open', () => resolve(ws));
      ws.on('error', reject);
    });
  const call = (ws: WebSocket, id: number, channel: string, args: unknown) =>
    new Promise<{ ok: boolean }>((resolve) => {
      ws.on('message', (data) => {
        for (const frame of framesOf(data) as {
          t: string;
          id?: number;
          response?: { ok: boolean };
        }[])
          if (frame.t === 'result' && frame.id === id && frame.response) resolve(frame.response);
      });
      ws.send(JSON.stringify({ t: 'invoke', id, channel, args }));
    });

  it('closes only that connection, with 1009, and the host and its Core keep serving', async () => {
    const ws = await open();
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    const text = 'x'.repeat(1.2e6);
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'app.info', args: { text } }));
    expect(await closed).toBe(1009);

    await stillServes();
    const again = await open();
    expect((await call(again, 2, 'app.info', {})).ok).toBe(true);
    again.close();
  });

  it('tells the Core no window is open once the last page has gone, not before', async () => {
    // The same Core, its calls recorded on the way in.
    const calls: [string, unknown][] = [];
    const recording = Object.create(core) as Core;
    recording.invoke = ((channel: string, args: unknown) => {
      calls.push([channel, args]);
      return core.invoke(channel as never, args as never);
    }) as Core['invoke'];
    await host.close();
    host = await startWebHost({ core: recording, staticDir });
    const windowCalls = () => calls.filter(([c]) => c === 'presence.window');

    const first = await open();
    const second = await open();
    const gone = (ws: WebSocket) => new Promise((resolve) => ws.on('close', resolve));
    let closed = gone(first);
    first.close();
    await closed;
    expect((await call(second, 1, 'app.info', {})).ok).toBe(true);
    expect(windowCalls()).toEqual([]);
    closed = gone(second);
    second.close();
    await closed;
    await expect.poll(windowCalls).toEqual([['presence.window', { state: 'closed' }]]);
  });
});

describe('a page takes only the topics its shown views follow', () => {
  /** A page: every push it hears, by topic, and a way to say what it follows. */
  const page = () =>
    new Promise<{ ws: WebSocket; heard: string[] }>((resolve, reject) => {
      const { port } = new URL(host.origin);
      const ws = new WebSocket(
        `ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(host.token)}`,
        {
          origin: host.origin,
        },
      );
      const heard: string[] = [];
      ws.on('message', (data) => {
        for (const frame of framesOf(data) as { t: string; topic?: string }[])
          if (frame.t === 'push' && frame.topic) heard.push(frame.topic);
      });
      ws.on('open', () => resolve({ ws, heard }));
      ws.on('error', reject);
    });
  const listen = (ws: WebSocket, topics: unknown) =>
    ws.send(JSON.stringify({ t: 'listen', topics }));
  let id = 0;
  /** A call on `ws`, answered: frames from one page are taken in order. */
  const call = (ws: WebSocket, channel: string, args: unknown) =>
    new Promise<void>((resolve) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        for (const frame of framesOf(data) as { t: string; id?: number }[])
          if (frame.t === 'result' && frame.id === mine) {
            ws.off('message', onMessage);
            resolve();
          }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ t: 'invoke', id: mine, channel, args }));
    });

  it('pushes a topic to the pages that follow it, and to a page that has not said yet', async () => {
    const prefs = await page();
    const dnd = await page();
    const quiet = await page();
    listen(prefs.ws, ['prefs.changed']);
    listen(dnd.ws, ['dnd.changed']);
    await call(dnd.ws, 'app.info', {});
    await call(prefs.ws, 'prefs.set', { closeToTray: false });
    await expect.poll(() => quiet.heard.includes('prefs.changed')).toBe(true);
    expect(prefs.heard).toContain('prefs.changed');
    expect(dnd.heard).not.toContain('prefs.changed');

    // The page's views change: it follows prefs now, and hears the next change.
    listen(dnd.ws, ['dnd.changed', 'prefs.changed']);
    await call(dnd.ws, 'prefs.set', { closeToTray: true });
    expect(dnd.heard).toContain('prefs.changed');
    for (const p of [prefs, dnd, quiet]) p.ws.close();
  });

  it('drops a page whose list of topics is malformed, and keeps serving the others', async () => {
    const bad = await page();
    const closed = new Promise<number>((resolve) => bad.ws.on('close', (code) => resolve(code)));
    listen(bad.ws, 'everything');
    expect(await closed).toBe(1003);
    await stillServes();
  });
});

describe('what the host says in one turn', () => {
  it('reaches the page as one message, in order', async () => {
    const { port } = new URL(host.origin);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(host.token)}`, {
      origin: host.origin,
    });
    await new Promise((resolve) => ws.on('open', resolve));
    const message = new Promise<unknown>((resolve) =>
      ws.on('message', (data) => resolve(JSON.parse(String(data)))),
    );
    // The change is pushed and the call answered in the same turn: one message, push first.
    ws.send(
      JSON.stringify({ t: 'invoke', id: 1, channel: 'prefs.set', args: { closeToTray: false } }),
    );
    const frames = (await message) as { t: string; topic?: string; id?: number }[];
    expect(frames.map((f) => f.t)).toEqual(['push', 'result']);
    expect(frames[0]?.topic).toBe('prefs.changed');
    ws.close();
  });
});

describe('a port the host cannot have', () => {
  it('is refused in words that name the port; the host holding it keeps serving', async () => {
    const { port } = new URL(host.origin);
    const refused = await startWebHost({ core, staticDir, port: Number(port) }).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(refused?.message).toBe(
      `Perch cannot listen on port ${port} on 127.0.0.1: another program is using it`,
    );
    // The host that has the port keeps serving.
    await stillServes();
  });
});

/** The state in the served page, read as the renderer reads it. */
async function servedBoot(): Promise<{ place: unknown; prefs: { theme: string } }> {
  const html = await (await fetch(host.url)).text();
  const m = /<script type="application\/json" id="perch-boot">(.*?)<\/script><\/head>/s.exec(html);
  expect(m, html).not.toBeNull();
  return JSON.parse(m![1]!) as { place: unknown; prefs: { theme: string } };
}

/**
 * The page the host serves carries the first screen's state (`app.boot`), so a reopened
 * window paints where the reader left it before its WebSocket answers (docs/architecture.md
 * "No window"); no text in that state can end the script element it is in.
 */
describe('the served page', () => {
  it('carries the preferences, and where the last window was left once one said', async () => {
    expect(await servedBoot()).toMatchObject({ place: null, prefs: { theme: 'system' } });
    const left = {
      view: 'messages',
      accountId: 'a1',
      narrow: [{ operator: 'channel', operand: 'general' }],
      anchor: 'newest',
    };
    const said = await core.invoke('window.place', left);
    expect(said.ok).toBe(true);
    expect((await servedBoot()).place).toEqual(left);
  });
});

describe('the served page, while the Core works out its state', () => {
  it("sends the page's head at once, and the state once the Core has it", async () => {
    // A Core slow to answer `app.boot`: the page's head must not wait for it.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slow = new Proxy(core, {
      get(target, key) {
        if (key === 'invoke') {
          return (async (channel, args) => {
            if (channel === 'app.boot') await held;
            return target.invoke(channel, args);
          }) as Core['invoke'];
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const slowHost = await startWebHost({ core: slow, staticDir });
    // Cleared however the test ends: a host that held the head back never answers the fetch.
    onTestFinished(async () => {
      answer();
      await slowHost.close();
    });
    const response = await fetch(slowHost.url);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('<title>Perch</title>')) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text).not.toContain('perch-boot');
    answer();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toMatch(
      /<script type="application\/json" id="perch-boot">\{.*<\/script><\/head>/s,
    );
    expect(text).toContain('<body></body></html>');
  });
});

describe('scriptJson', () => {
  it('leaves no "<" that could end the script element, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!--', n: 1 };
    const text = scriptJson(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});
