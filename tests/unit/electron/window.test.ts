import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../electron/policy.ts';

// Stand-ins for the Electron objects window.ts touches, recording what it asks of them.
const fake = vi.hoisted(() => ({
  opened: [] as string[],
  windows: [] as { options: Record<string, unknown>; loaded: string[] }[],
}));

vi.mock('electron', () => ({
  shell: { openExternal: async (url: string) => void fake.opened.push(url) },
  BrowserWindow: class {
    readonly loaded: string[] = [];
    constructor(readonly options: Record<string, unknown>) {
      fake.windows.push(this);
    }
    once() {}
    loadFile(file: string) {
      this.loaded.push(file);
      return Promise.resolve();
    }
  },
}));

const { createMainWindow, guardWebContents, installSessionPolicy } =
  await import('../../../electron/window.ts');

type OpenHandler = (details: { url: string }) => { action: string };

function fakeContents() {
  const contents = Object.assign(new EventEmitter(), {
    openHandler: undefined as OpenHandler | undefined,
    setWindowOpenHandler(handler: OpenHandler) {
      contents.openHandler = handler;
    },
  });
  return contents;
}

function navigate(contents: EventEmitter, url: string): boolean {
  let prevented = false;
  contents.emit('will-navigate', { url, preventDefault: () => (prevented = true) });
  return prevented;
}

describe('navigation and new windows', () => {
  it('keeps the window on the app and shows web links in the OS browser', () => {
    fake.opened = [];
    const contents = fakeContents();
    guardWebContents(contents as never);
    expect(navigate(contents, 'https://chat.example.com/user_uploads/a.png')).toBe(true);
    expect(navigate(contents, 'file:///etc/passwd')).toBe(true);
    expect(contents.openHandler?.({ url: 'http://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([
      'https://chat.example.com/user_uploads/a.png',
      'http://example.com/',
    ]);
  });

  it('refuses to attach a webview', () => {
    const contents = fakeContents();
    guardWebContents(contents as never);
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

describe('the session', () => {
  type HeadersHook = (details: object, callback: (reply: object) => void) => void;
  type RequestHook = (
    contents: unknown,
    permission: string,
    callback: (ok: boolean) => void,
  ) => void;
  type CheckHook = (contents: unknown, permission: string) => boolean;

  function installed() {
    const hooks: { headers?: HeadersHook; request?: RequestHook; check?: CheckHook } = {};
    const session = {
      webRequest: { onHeadersReceived: (fn: HeadersHook) => (hooks.headers = fn) },
      setPermissionRequestHandler: (fn: RequestHook) => (hooks.request = fn),
      setPermissionCheckHandler: (fn: CheckHook) => (hooks.check = fn),
    };
    installSessionPolicy(session as never);
    return hooks;
  }

  it('puts the policy on every response', () => {
    const session = installed();
    let reply: object | undefined;
    session.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (reply = r));
    expect(reply).toEqual({
      responseHeaders: {
        'Content-Type': ['text/html'],
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });

  it('answers permission requests and checks: notifications yes, camera no', () => {
    const session = installed();
    const answers: boolean[] = [];
    session.request?.(null, 'notifications', (ok) => answers.push(ok));
    session.request?.(null, 'media', (ok) => answers.push(ok));
    expect(answers).toEqual([true, false]);
    expect(session.check?.(null, 'geolocation')).toBe(false);
  });
});

describe('the main window', () => {
  it('is isolated and sandboxed, runs the preload and loads the renderer', () => {
    fake.windows = [];
    const files = {
      preload: '/app/dist-electron/preload.cjs',
      indexHtml: '/app/dist/renderer/index.html',
      resources: '/app/resources',
      windowIcon: '/app/resources/icons/256x256.png',
    };
    createMainWindow(files, { show: true });
    const [window] = fake.windows;
    const web = (window?.options.webPreferences ?? {}) as Record<string, unknown>;
    const on = ['contextIsolation', 'sandbox', 'webSecurity'].filter((k) => web[k] !== true);
    const off = ['nodeIntegration', 'webviewTag'].filter((k) => web[k] !== false);
    expect({ on, off }).toEqual({ on: [], off: [] });
    expect(web.preload).toBe(files.preload);
    expect(window?.options.icon).toBe(files.windowIcon);
    expect(window?.loaded).toEqual([files.indexHtml]);
  });
});
