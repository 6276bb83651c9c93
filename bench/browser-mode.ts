/**
 * What the renderer benches share: a reference server, a Core in browser mode with its own
 * data directory, and headless Chromium; `close` stops them all and removes the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { createCore, type Core } from '../src/core/core.ts';
import { startServer, type StartedServer } from '../src/server/index.ts';
import { startWebHost, type WebHost } from '../src/web/host.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';

export interface BrowserBench {
  server: StartedServer;
  core: Core;
  host: WebHost;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserBench(): Promise<BrowserBench> {
  const server = await startServer({});
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-'));
  const core = await createCore({ dataDir, version: '0.0.0-bench', transport: 'web' });
  const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
  const browser = await launchChromium();
  return {
    server,
    core,
    host,
    browser,
    async close() {
      await browser.close();
      await host.close();
      await core.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
