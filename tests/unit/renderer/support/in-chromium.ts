/**
 * Runs renderer code in real Chromium, the engine Perch renders with, from a unit test: the
 * renderer's HTML safety rests on what DOMPurify keeps and on what the browser then fetches,
 * and node has neither a DOM nor a fetching browser. The page is served from `origin` by a
 * route, and every request it makes is recorded, so a test can prove nothing went elsewhere.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { Browser, Page } from '@playwright/test';
import { compile } from 'svelte/compiler';
import { launchTestChromium } from '../../../e2e/support/chromium.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

const svelte: Plugin = {
  name: 'svelte',
  setup(b) {
    b.onLoad({ filter: /\.svelte$/ }, async ({ path }) => ({
      contents: compile(await readFile(path, 'utf8'), { filename: path, generate: 'client' }).js
        .code,
      loader: 'js',
    }));
  },
};

/** Bundles `entry` (TypeScript, paths relative to the repository) as the global `perch`. */
async function bundle(entry: string): Promise<string> {
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'harness.ts' },
    bundle: true,
    format: 'iife',
    globalName: 'perch',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    plugins: [svelte],
  });
  return out.outputFiles[0]!.text;
}

export interface ChromiumPage {
  page: Page;
  /** Every URL the page asked for, in order, the page itself included. */
  requests: string[];
  close(): Promise<void>;
}

export async function openInChromium(origin: string, entry: string): Promise<ChromiumPage> {
  const script = await bundle(entry);
  const browser: Browser = await launchTestChromium();
  const page = await browser.newPage();
  const requests: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url === `${origin}/`) {
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><body></body>' });
    }
    if (url === `${origin}/harness.js`) {
      return route.fulfill({ contentType: 'text/javascript', body: script });
    }
    // Anything else, here or elsewhere, answers nothing: the request is what counts.
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${origin}/`);
  await page.addScriptTag({ url: `${origin}/harness.js` });
  return { page, requests, close: () => browser.close() };
}
