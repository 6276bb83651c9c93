import { test } from '@playwright/test';
import { startServer, type ServerOptions, type StartedServer } from '../../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './web-host.ts';

export interface Peers {
  server: StartedServer;
  mode: BrowserMode;
}

async function startPeers(options: ServerOptions): Promise<Peers> {
  const server = await startServer(options);
  return { server, mode: await startBrowserMode() };
}

async function stopPeers(peers: Peers | undefined): Promise<void> {
  await peers?.mode.stop();
  await peers?.server.close();
}

/**
 * Before each test of the file: a fresh reference server and a Core in browser mode, handed
 * to `bind` so the spec keeps its own names; after each test: both stopped.
 */
export function useServerAndBrowserMode(
  bind: (peers: Peers) => void,
  options: ServerOptions = {},
): void {
  let current: Peers | undefined;
  test.beforeEach(async () => bind((current = await startPeers(options))));
  test.afterEach(async () => {
    await stopPeers(current);
    current = undefined;
  });
}

/**
 * Once for the whole file (and again in a new worker after a failure): one reference server
 * and one Core in browser mode, for specs whose tests only look (the accessibility scans),
 * where starting both again for each test cost most of the file's time.
 */
export function useSharedServerAndBrowserMode(
  bind: (peers: Peers) => void,
  options: ServerOptions = {},
): void {
  let current: Peers | undefined;
  test.beforeAll(async () => bind((current = await startPeers(options))));
  test.afterAll(async () => {
    await stopPeers(current);
    current = undefined;
  });
}
