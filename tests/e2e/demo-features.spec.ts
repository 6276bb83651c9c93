/**
 * On the demo organization the headline features show their success: the push test reaches the
 * owner's device, and a one-click video call opens a meeting page the demo server itself
 * serves.
 */
import { expect, test, type Page } from '@playwright/test';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
test.beforeEach(async () => {
  // The real embedded demo, as "Try the demo organization" starts it.
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
});

async function openDemoAdminPanel(page: Page, panel: string): Promise<void> {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Try the demo organization' }).click();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Admin' })
    .click();
  await page
    .getByRole('navigation', { name: 'Admin panels' })
    .getByRole('button', { name: panel, exact: true })
    .click();
}

test('the demo owner’s push test succeeds', async ({ page }) => {
  await openDemoAdminPanel(page, 'Push devices');
  await page.getByRole('button', { name: 'Send test notification' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'sent to all your registered devices' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a demo video call opens the demo server’s meeting page', async ({ page, context }) => {
  await openDemoAdminPanel(page, 'Video call');
  await expect(page.getByText('You have not connected your account')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create video call' }).click();
  const link = page.getByLabel('Call link');
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/call\/[0-9a-f]{16}$/);
  const url = await link.inputValue();
  const id = url.split('/').pop()!;

  const [meeting] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Open call' }).click(),
  ]);
  await expect(meeting).toHaveURL(url);
  await expect(meeting.getByRole('heading', { name: `Video call ${id}` })).toBeVisible();
  await expect(meeting.getByText("This is the demo server's stand-in meeting room")).toBeVisible();
});
