import { test } from '@playwright/test';
import { startServer, type ServerOptions, type StartedServer } from '../../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './web-host.ts';

export interface Peers {
  server: StartedServer;
  mode: BrowserMode;
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
  test.beforeEach(async () => {
    const server = await startServer(options);
    current = { server, mode: await startBrowserMode() };
    bind(current);
  });
  test.afterEach(async () => {
    await current?.mode.stop();
    await current?.server.close();
    current = undefined;
  });
}
