import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../../electron/ipc-channels.ts';
import { launchMain, eventually } from './launch.ts';

const root = join(import.meta.dirname, '..', '..', '..');

let dataDir: string;
let configHome: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'perch-main-'));
  configHome = await mkdtemp(join(tmpdir(), 'perch-xdg-'));
  vi.stubEnv('XDG_CONFIG_HOME', configHome);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.doUnmock('electron');
  await rm(dataDir, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

const launch = (flags: string[] = [], opts: { hasLock?: boolean } = {}) =>
  launchMain(dataDir, flags, opts);

describe('starting Perch', () => {
  it('opens the renderer in a window once painted, with the tray in its calm state', async () => {
    const { electron, window, tray, call } = await launch();
    expect(electron.app.sandboxed).toBe(true);
    expect(window?.loaded).toEqual([join(root, 'dist', 'renderer', 'index.html')]);
    expect(window?.visible).toBe(false);
    window?.emit('ready-to-show');
    expect(window?.visible).toBe(true);
    expect(tray?.image).toBe(join(root, 'resources', 'tray', 'linux', 'tray-none.png'));
    await eventually(() =>
      expect(tray?.menu.filter((i) => i.label).map((i) => i.label)).toEqual([
        'No accounts signed in',
        'Do Not Disturb',
        'New video call',
        'Open Perch',
        'Quit Perch',
      ]),
    );
    expect(electron.app.badgeCount).toBe(0);
    await expect(call('app.info', {})).resolves.toMatchObject({
      ok: true,
      result: { version: '1.2.3', transport: 'electron' },
    });
  });

  it('keeps its data in the folder --data-dir names', async () => {
    const other = await mkdtemp(join(tmpdir(), 'perch-other-'));
    try {
      const { electron, call } = await launch(['--data-dir', other]);
      expect(electron.app.getPath('userData')).toBe(other);
      await call('prefs.set', { theme: 'dark' });
      expect(existsSync(join(other, 'preferences.json'))).toBe(true);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('stays in the tray when started with --hidden', async () => {
    const { window } = await launch(['--hidden']);
    window?.emit('ready-to-show');
    expect(window?.visible).toBe(false);
  });

  it('leaves at once when another Perch already runs, which brings its own window forward', async () => {
    const { electron } = await launch([], { hasLock: false });
    expect(electron.app.quitRequests).toBe(1);
    expect(electron.windows).toEqual([]);

    const first = await launch(['--hidden']);
    first.electron.app.emit('second-instance');
    expect(first.window?.visible).toBe(true);
    expect(first.window?.focused).toBe(1);
  });
});

describe('closing the window', () => {
  it('destroys it while closeToTray is on, stays in the tray, and the tray builds it again', async () => {
    const { electron, window, tray } = await launch();
    expect(window?.userCloses().defaultPrevented).toBe(false);
    expect(window?.destroyed).toBe(true);
    electron.app.emit('window-all-closed');
    expect(electron.app.quitted).toBe(false);
    tray?.click('Open Perch');
    expect(electron.windows).toHaveLength(2);
    expect(electron.windows[1]?.visible).toBe(true);
    expect(electron.windows[1]?.loaded).toEqual(window?.loaded);
  });

  it('really closes it, and quits, once closeToTray is turned off', async () => {
    const { electron, window, call } = await launch();
    await call('prefs.set', { closeToTray: false });
    expect(window?.userCloses().defaultPrevented).toBe(false);
    electron.app.emit('window-all-closed');
    await eventually(() => expect(electron.app.quitted).toBe(true));
  });

  it('does not stand in the way of quitting from the tray', async () => {
    const { electron, window, tray } = await launch();
    tray?.click('Quit Perch');
    expect(window?.userCloses().defaultPrevented).toBe(false);
    await eventually(() => expect(electron.app.quitted).toBe(true));
    expect(tray?.destroyed).toBe(true);
    expect(electron.handlers.has(INVOKE_CHANNEL)).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('start at login on Linux', () => {
  it('follows the preference with an autostart entry that starts Perch hidden', async () => {
    const { call } = await launch();
    const entry = join(configHome, 'autostart', 'perch.desktop');
    expect(existsSync(entry)).toBe(false);

    await call('prefs.set', { startAtLogin: true });
    await eventually(() => expect(existsSync(entry)).toBe(true));
    expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=.* --hidden$/m);

    await call('prefs.set', { startAtLogin: false });
    await eventually(() => expect(existsSync(entry)).toBe(false));
  });
});
