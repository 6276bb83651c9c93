import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
test.beforeEach(async () => {
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
});

/** Opens a WebSocket from Node and reports whether the host accepted it. */
function tryConnect(url: string, origin?: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

test('the host listens on 127.0.0.1 only', () => {
  expect(new URL(mode.host.url).hostname).toBe('127.0.0.1');
});

test('a page opened without the token is refused', async ({ page }) => {
  const response = await page.goto(mode.host.origin + '/');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Open Perch with the URL printed when it started.')).toBeVisible();
  const asset = await page.goto(mode.host.origin + '/favicon.svg');
  expect(asset?.status()).toBe(403);
});

test('a WebSocket without the token, with a wrong token or from another origin cannot connect', async () => {
  const ws = mode.host.origin.replace('http', 'ws') + '/rpc';
  const origin = mode.host.origin;
  expect(await tryConnect(`${ws}?token=${mode.host.token}`, origin)).toBe('open');
  expect(await tryConnect(ws, origin)).toBe(403);
  expect(await tryConnect(`${ws}?token=${mode.host.token}x`, origin)).toBe(403);
  expect(await tryConnect(`${ws}?token=${mode.host.token}`, 'http://evil.example')).toBe(403);
  expect(await tryConnect(`${ws}?token=${mode.host.token}`)).toBe(403);
});

test('a page from another origin cannot drive the core', async ({ page }) => {
  // A page on some other local origin tries to reach the bridge with a guessed token.
  await page.goto('data:text/html,<p>elsewhere</p>');
  const outcome = await page.evaluate(
    async (url) => {
      return new Promise<string>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      });
    },
    `${mode.host.origin.replace('http', 'ws')}/rpc?token=${mode.host.token}`,
  );
  expect(outcome).toBe('refused');
});
