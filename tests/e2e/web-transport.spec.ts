/**
 * Browser mode's connection when the host refuses what the page said it follows: the host
 * drops a connection whose list of topics breaks the contract's bounds (src/web/host.ts), and
 * the page must not say the same list again on every reconnection, for ever; it reconnects
 * once and takes every topic, as a page that has not said anything does.
 */
import { expect, test } from '@playwright/test';
import type { PerchBridge } from '../../src/contract/bridge-types.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
test.beforeEach(async () => {
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
});

test('a list of topics the host refuses costs one reconnection, not a loop, and pushes still come', async ({
  page,
}) => {
  const opened: string[] = [];
  page.on('websocket', (ws) => opened.push(ws.url()));
  await page.goto(mode.host.url);
  await expect(page.getByRole('button', { name: 'Sign in to an organization' })).toBeVisible();
  expect(opened).toHaveLength(1);

  // 501 names: one past what ListenTopics takes (src/contract/window-interest.ts).
  await page.evaluate(() => {
    const perch = (window as unknown as { perch: PerchBridge }).perch;
    perch.listen?.(Array.from({ length: 501 }, () => 'prefs.changed'));
  });
  await expect.poll(() => opened.length).toBe(2);
  // Said again on each reconnection, the list was refused every quarter second or so.
  await page.waitForTimeout(3000);
  expect(opened).toHaveLength(2);

  // The page follows everything now: a change the Core pushes reaches it.
  await page.evaluate(() => {
    const perch = (window as unknown as { perch: PerchBridge }).perch;
    const seen = window as unknown as { heard?: boolean };
    perch.on('prefs.changed', () => (seen.heard = true));
  });
  await mode.core.invoke('prefs.set', { closeToTray: false });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard?: boolean }).heard === true))
    .toBe(true);
});
