/**
 * The reader's own browser for the benches: Chromium on a profile directory of its own, its
 * tabs opened in the profile's context.
 *
 * A Playwright context (`browser.newContext`) is off the record, as a private window is; a
 * reader's browser keeps Perch's tabs in a profile on disk. The two differ for a reopened
 * tab (bench/README.md, `background`). The profile is Playwright's persistent context, so
 * Chromium runs with the same switches as `launchChromium`'s; that context has no `Browser`
 * (no tracing, no browser CDP session), so the bench also connects to the same Chromium over
 * CDP for those.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/chromium.ts';

export interface ReaderBrowser {
  /** The same Chromium over CDP: tracing, and its processes. */
  browser: Browser;
  /** The profile's own context: its tabs share the profile's caches. */
  profile: BrowserContext;
  /** A new tab of the profile, its page 1280 by 800 as `launchChromium`'s contexts make it. */
  newTab(): Promise<Page>;
  /** Closes the tabs opened in the profile, keeping the one Chromium started with. */
  closeTabs(): Promise<void>;
  close(): Promise<void>;
}

export async function launchReaderBrowser(): Promise<ReaderBrowser> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-bench-profile-'));
  const executablePath = chromiumPath();
  const profile = await chromium.launchPersistentContext(dir, {
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    // A DevTools port beside Playwright's own pipe: Chromium writes it to the profile.
    args: [...chromiumArgs, '--remote-debugging-port=0'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const browser = await chromium.connectOverCDP(await devToolsEndpoint(dir));
    const started = new Set(profile.pages());
    return {
      browser,
      profile,
      newTab: () => profile.newPage(),
      closeTabs: async () => {
        await Promise.all(
          profile
            .pages()
            .filter((p) => !started.has(p))
            .map((p) => p.close()),
        );
      },
      close: async () => {
        await browser.close().catch(() => undefined);
        await profile.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await profile.close();
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/** The `ws://` address of the DevTools server, from the file Chromium writes once it listens. */
async function devToolsEndpoint(dir: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = await readFile(join(dir, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const [port, path] = text.split('\n');
    if (port && path) return `ws://127.0.0.1:${port}${path}`;
    await pause(50);
  }
  throw new Error('Chromium wrote no DevToolsActivePort to its profile within 10 s');
}
