/**
 * A large file's progress bar moves while the Core sends it to the server, not in one jump at
 * the end, and it ends with the link in the draft.
 */
import { expect, test } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import { signInAt } from './support/message-menu.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import type { BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

test('a large file shows its progress between start and end, then its link', async ({ page }) => {
  const owner = server.users.find((u) => u.role === 100)!;
  await signInAt(page, mode, server, owner, 'channel:general topic:files');
  const compose = page.getByRole('form', { name: 'Compose' });
  await expect(compose.getByRole('button', { name: 'Attach files' })).toBeEnabled();
  // Every value the bar shows, as the user would have seen it, recorded as it changes.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenProgress: number[] }).seenProgress = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const bar = r.target instanceof Element ? r.target : undefined;
        const value = bar?.getAttribute('aria-valuenow');
        if (bar?.tagName === 'PROGRESS' && value !== null && value !== undefined)
          seen.push(Number(value));
      }
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  // Made in the page: sending megabytes through the test driver would be the slow part.
  await compose.getByLabel('Files to attach').evaluate((input: HTMLInputElement) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(4 * 1024 * 1024).fill(3)], 'recording.bin'));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(compose.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /\[recording\.bin\]\(\/user_uploads\/\d+\/[^)]+\/recording\.bin\) $/,
  );
  const seen = await page.evaluate(
    () => (window as unknown as { seenProgress: number[] }).seenProgress,
  );
  // Past the hand-over to the Core (20%) and short of done: the server's part moved too.
  expect(seen.some((v) => v > 20 && v < 100)).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
});
