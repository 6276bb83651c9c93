import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFiles } from '../../../electron/app-files.ts';
import { INVOKE_CHANNEL, PUSH_CHANNEL } from '../../../electron/ipc-channels.ts';
import type { PerchBridge } from '../../../src/contract/bridge-types.ts';

const root = join(import.meta.dirname, '..', '..', '..');
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'perch-bundle-'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build-electron.mjs'), '--outdir', out]);
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const requiredModules = (file: string) =>
  new Set(
    [...readFileSync(file, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? ''),
  );

describe('the Electron bundles', () => {
  it('are the files Electron starts and the window preloads', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    const preload = appFiles(root, join(root, 'resources')).preload;
    expect(pkg.main).toBe('dist-electron/main.cjs');
    expect(preload).toBe(join(root, 'dist-electron', 'preload.cjs'));
    expect(existsSync(join(out, basename(pkg.main)))).toBe(true);
    expect(existsSync(join(out, basename(preload)))).toBe(true);
  });

  it('give the sandboxed preload nothing to require but electron', () => {
    expect([...requiredModules(join(out, 'preload.cjs'))]).toEqual(['electron']);
  });

  it('leave the main process needing only Node, electron, the keychain and D-Bus modules', () => {
    // Some built-ins (node:sqlite) exist only under their node: name.
    const allowed = new Set([...builtinModules, 'electron', 'keytar', 'dbus-next']);
    const foreign = [...requiredModules(join(out, 'main.cjs'))].filter(
      (m) => !m.startsWith('node:') && !allowed.has(m),
    );
    expect(foreign).toEqual([]);
  });
});

/** Runs the built preload against a stand-in for the two Electron objects it touches. */
function loadPreload() {
  const exposed = new Map<string, unknown>();
  const invoked: unknown[][] = [];
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: async (...args: unknown[]) => {
      invoked.push(args);
      return { ok: true, result: 'pong' };
    },
  });
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) };
  const require = (name: string) => {
    if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
    return { contextBridge, ipcRenderer };
  };
  runInNewContext(readFileSync(join(out, 'preload.cjs'), 'utf8'), { require, exports: {} });
  return { exposed, invoked, ipcRenderer };
}

describe('the preload', () => {
  it('exposes window.perch with invoke, on and listen, and nothing else', () => {
    const { exposed } = loadPreload();
    expect([...exposed.keys()]).toEqual(['perch']);
    expect(Object.keys(exposed.get('perch') as object).sort()).toEqual(['invoke', 'listen', 'on']);
  });

  it('sends every call on the one invoke channel and returns the reply', async () => {
    const { exposed, invoked } = loadPreload();
    const perch = exposed.get('perch') as PerchBridge;
    await expect(perch.invoke('app.info', {})).resolves.toEqual({ ok: true, result: 'pong' });
    expect(invoked).toEqual([[INVOKE_CHANNEL, 'app.info', {}]]);
  });

  it("delivers only the subscribed topic, in the order of a turn's message, until unsubscribed", () => {
    const { exposed, ipcRenderer } = loadPreload();
    const perch = exposed.get('perch') as PerchBridge;
    const seen: unknown[] = [];
    const off = perch.on('prefs.changed', (p) => seen.push(p));
    // One message per turn of the Core, with that turn's pushes in order.
    ipcRenderer.emit(PUSH_CHANNEL, {}, [
      ['prefs.changed', { theme: 'dark' }],
      ['core.status', { state: 'ready' }],
      ['prefs.changed', { theme: 'light' }],
    ]);
    off();
    ipcRenderer.emit(PUSH_CHANNEL, {}, [['prefs.changed', { theme: 'system' }]]);
    expect(seen).toEqual([{ theme: 'dark' }, { theme: 'light' }]);
  });
});
