/**
 * What the renderer benches share: a reference server, a Core in browser mode with its own
 * data directory, and headless Chromium; `close` stops them all and removes the directory.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Core } from '../src/core/core.ts';
import { startServer, type StartedServer } from '../src/server/index.ts';
import { startWebHost, type WebHost } from '../src/web/host.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { startBenchCore } from './bench-core.ts';

export interface BrowserBench {
  server: StartedServer;
  core: Core;
  host: WebHost;
  browser: Browser;
  /** Signs the server's owner in to the Core and opens the app in a 1280×800 page. */
  openAsOwner(): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserBench(): Promise<BrowserBench> {
  const server = await startServer({});
  const benchCore = await startBenchCore();
  const { core } = benchCore;
  const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
  const browser = await launchChromium();
  return {
    server,
    core,
    host,
    browser,
    async openAsOwner() {
      const owner = server.users.find((u) => u.role === 100)!;
      const signedIn = await core.invoke('accounts.signInWithKey', {
        serverUrl: server.url,
        email: owner.email,
        apiKey: owner.api_key,
      });
      if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(host.url);
      return page;
    },
    async close() {
      await browser.close();
      await host.close();
      await benchCore.close();
      await server.close();
    },
  };
}
