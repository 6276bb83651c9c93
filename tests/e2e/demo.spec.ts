import { expect, test } from '@playwright/test';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
test.beforeEach(async () => {
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
});

test('a newcomer tries the demo organization and is signed in as its owner', async ({ page }) => {
  await page.goto(mode.host.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Perch' })).toBeVisible();
  await page.getByRole('button', { name: 'Try the demo organization' }).click();
  const list = page.getByRole('list', { name: 'Signed-in accounts' });
  await expect(list).toContainText('Owner');
  const result = await mode.core.invoke('accounts.list', {});
  expect(result.ok && (result.result as { serverUrl: string }[])[0]?.serverUrl).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+$/,
  );
});
