import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from './launch.ts';
import { createCore, type Core } from '../../../src/core/core.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { PUSH_GATHER_MS } from '../../../src/core/push-batch.ts';
import { INVOKE_CHANNEL, LISTEN_CHANNEL, PUSH_CHANNEL } from '../../../electron/ipc-channels.ts';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
type Listener = (event: unknown, ...args: unknown[]) => void;

// A stand-in for the two main-process objects ipc.ts uses; the Core behind it is real.
const fake = vi.hoisted(() => ({
  handlers: new Map<string, Handler>(),
  listeners: new Map<string, Listener>(),
  windows: [] as { webContents: { id: number; url: string; sent: unknown[][] } }[],
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => fake.handlers.set(channel, handler),
    removeHandler: (channel: string) => fake.handlers.delete(channel),
    on: (channel: string, listener: Listener) => fake.listeners.set(channel, listener),
    removeAllListeners: (channel: string) => fake.listeners.delete(channel),
  },
  BrowserWindow: {
    getAllWindows: () =>
      fake.windows.map((w) => ({
        webContents: {
          id: w.webContents.id,
          isDestroyed: () => false,
          getURL: () => w.webContents.url,
          send: (...args: unknown[]) => w.webContents.sent.push(args),
        },
      })),
  },
}));

const { bindCoreToIpc } = await import('../../../electron/ipc.ts');

const appUrl = 'file:///opt/Perch/resources/app.asar/dist/renderer/index.html';
const frame = (url: string, parent: object | null = null) => ({ senderFrame: { url, parent } });

describe('the IPC binding', () => {
  let dataDir: string;
  let core: Core;
  let unbind: () => void;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    dataDir = await mkdtemp(join(tmpdir(), 'perch-ipc-'));
    core = await createCore({
      dataDir,
      version: '9.8.7',
      transport: 'electron',
      clock,
    });
    unbind = bindCoreToIpc(core, appUrl);
  });
  afterEach(async () => {
    unbind();
    fake.windows = [];
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (event: unknown, channel: unknown, args: unknown) => {
    const handler = fake.handlers.get(INVOKE_CHANNEL);
    if (!handler) throw new Error('no invoke handler registered');
    return handler(event, channel, args);
  };

  it('answers the app window through the Core', async () => {
    await expect(call(frame(`${appUrl}#/`), 'app.info', {})).resolves.toMatchObject({
      ok: true,
      result: { name: 'Perch', version: '9.8.7', transport: 'electron' },
    });
  });

  it('passes invalid arguments to the Core, which refuses them with a clear error', async () => {
    await expect(call(frame(appUrl), 'prefs.set', { theme: 'purple' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGS', issues: [{ path: 'theme' }] },
    });
  });

  it.each([
    ['a page that is not the app', frame('https://evil.example/')],
    ['an iframe inside the app page', frame(appUrl, { url: appUrl })],
    ['a frame that no longer exists', { senderFrame: null }],
  ])('refuses %s before the Core runs anything', async (_what, event) => {
    await expect(call(event, 'prefs.set', { theme: 'dark' })).rejects.toThrow(/Refused/);
    await expect(call(frame(appUrl), 'prefs.get', {})).resolves.toMatchObject({
      result: { theme: 'system' },
    });
  });

  it('pushes Core topics to app windows only', async () => {
    const app = { webContents: { id: 1, url: `${appUrl}#/settings`, sent: [] as unknown[][] } };
    const stranger = {
      webContents: { id: 2, url: 'https://evil.example/', sent: [] as unknown[][] },
    };
    fake.windows = [app, stranger];
    await call(frame(appUrl), 'prefs.set', { theme: 'dark' });
    await clock.advance(PUSH_GATHER_MS);
    await eventually(() =>
      expect(app.webContents.sent).toEqual([
        [PUSH_CHANNEL, [['prefs.changed', expect.objectContaining({ theme: 'dark' })]]],
      ]),
    );
    expect(stranger.webContents.sent).toEqual([]);
  });

  it('sends the pushes of a frame to a window as one message, in the order they came', async () => {
    const app = { webContents: { id: 1, url: appUrl, sent: [] as unknown[][] } };
    fake.windows = [app];
    // Two notifications clicked in one turn: each says which message to show.
    const target = (messageId: number) => ({ accountId: 'a', messageId, narrow: [] });
    core.reveal(target(1));
    core.reveal(target(2));
    expect(app.webContents.sent).toEqual([]);
    await clock.advance(PUSH_GATHER_MS);
    await eventually(() =>
      expect(app.webContents.sent).toEqual([
        [
          PUSH_CHANNEL,
          [
            ['notifications.open', target(1)],
            ['notifications.open', target(2)],
          ],
        ],
      ]),
    );
  });

  it('stops answering and pushing once unbound', async () => {
    const app = { webContents: { id: 1, url: appUrl, sent: [] as unknown[][] } };
    fake.windows = [app];
    unbind();
    expect(fake.handlers.has(INVOKE_CHANNEL)).toBe(false);
    await core.invoke('prefs.set', { theme: 'light' });
    expect(app.webContents.sent).toEqual([]);
  });

  it('pushes to a window only the topics it says it follows', async () => {
    const following = { webContents: { id: 1, url: appUrl, sent: [] as unknown[][] } };
    const other = { webContents: { id: 2, url: appUrl, sent: [] as unknown[][] } };
    fake.windows = [following, other];
    const listen = fake.listeners.get(LISTEN_CHANNEL);
    if (!listen) throw new Error('no listen handler registered');
    const sender = (id: number) => ({ ...frame(appUrl), sender: { id, once: () => undefined } });
    listen(sender(1), ['dnd.changed']);
    // A page that is not the app has no say.
    listen({ ...frame('https://evil.example/'), sender: { id: 2, once: () => undefined } }, []);
    await call(frame(appUrl), 'prefs.set', { theme: 'dark' });
    await clock.advance(PUSH_GATHER_MS);
    // The window that has not said what it follows takes every topic.
    await eventually(() =>
      expect(other.webContents.sent).toEqual([
        [PUSH_CHANNEL, [['prefs.changed', expect.objectContaining({ theme: 'dark' })]]],
      ]),
    );
    expect(following.webContents.sent).toEqual([]);
    listen(sender(1), ['dnd.changed', 'prefs.changed']);
    await call(frame(appUrl), 'prefs.set', { theme: 'light' });
    await clock.advance(PUSH_GATHER_MS);
    await eventually(() =>
      expect(following.webContents.sent).toEqual([
        [PUSH_CHANNEL, [['prefs.changed', expect.objectContaining({ theme: 'light' })]]],
      ]),
    );
  });
});
