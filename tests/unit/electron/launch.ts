import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../../electron/ipc-channels.ts';
import { FakeElectron } from './fake-electron.ts';

/**
 * Waits for what the app does, with the wide ceiling the end-to-end tests use: vitest's own
 * second was too short on a busy machine (the window not yet made after 1 s under load 20).
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 30_000, interval: 10 });
}

const root = join(import.meta.dirname, '..', '..', '..');
const appUrl = pathToFileURL(join(root, 'dist', 'renderer', 'index.html')).href;

/** Starts electron/main.ts afresh, as `electron . <flags>` would, against a fake Electron. */
export async function launchMain(
  dataDir: string,
  flags: string[] = [],
  { hasLock = true }: { hasLock?: boolean } = {},
) {
  const electron = new FakeElectron(root);
  electron.app.hasLock = hasLock;
  electron.app.setPath('userData', dataDir);
  vi.resetModules();
  vi.doMock('electron', () => electron.module());
  const argv = process.argv;
  process.argv = [process.execPath, root, ...flags];
  try {
    await import('../../../electron/main.ts');
  } finally {
    process.argv = argv;
  }
  electron.app.becomeReady();
  if (hasLock) await eventually(() => expect(electron.windows).toHaveLength(1));
  const call = (channel: string, args: unknown) => {
    const handler = electron.handlers.get(INVOKE_CHANNEL);
    if (!handler) throw new Error('IPC is not bound');
    return handler({ senderFrame: { url: appUrl, parent: null } }, channel, args);
  };
  return { electron, window: electron.windows[0], tray: electron.trays[0], call };
}
