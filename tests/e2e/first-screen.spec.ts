import { expect, test } from '@playwright/test';
import { mkdir, readFile, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
test.beforeEach(async () => {
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
});

test('the first screen shows the app and the core, read through the bridge', async ({ page }) => {
  await page.goto(mode.host.url);
  // A first run lands on the sign-in choices; the versions are one click away, in About.
  await expect(page.getByRole('button', { name: 'Try the demo organization' })).toBeVisible();
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByTestId('app-version')).toHaveText('Perch 0.0.0-e2e');
  await expect(page.getByTestId('transport')).toHaveText('Browser mode (WebSocket)');
  await expect(page.getByTestId('core-state')).toHaveText('ready');
  await expect(page.getByTestId('connection')).toHaveText('Connected to the core');
  // The token is moved out of the address bar once the page has it.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
});

test('a preference changed on screen is saved by the core and survives a reload', async ({
  page,
}) => {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Preferences' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const saved = JSON.parse(await readFile(join(mode.dataDir, 'preferences.json'), 'utf8'));
  expect(saved.theme).toBe('dark');

  await page.reload();
  await page.getByRole('button', { name: 'Preferences' }).click();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
});

test('a preference that cannot be saved is named, and its control goes back to the saved value', async ({
  page,
}) => {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Preferences' }).click();
  const tray = page.getByLabel('Keep running in the tray when the window closes');
  const theme = page.getByLabel('Theme');
  await expect(tray).toBeChecked();
  // A directory where the file goes: the save fails for real, whoever runs the test.
  const file = join(mode.dataDir, 'preferences.json');
  await mkdir(file);

  await tray.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(tray).toBeChecked();
  await theme.selectOption('dark');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(theme).toHaveValue('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');

  await rmdir(file);
  await tray.click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(tray).not.toBeChecked();
});

test('a change made in one window is pushed to another', async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto(mode.host.url);
  await b.goto(mode.host.url);
  await b.getByRole('button', { name: 'Preferences' }).click();
  await expect(b.getByLabel('Start Perch when I log in')).not.toBeChecked();

  await a.getByRole('button', { name: 'Preferences' }).click();
  await a.getByLabel('Start Perch when I log in').check();
  await expect(b.getByLabel('Start Perch when I log in')).toBeChecked();
  await context.close();
});

test('a call with invalid arguments is refused by the core with a clear error', async ({
  page,
}) => {
  await page.goto(mode.host.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected to the core');
  const response = await page.evaluate(() =>
    window.perch!.invoke('prefs.set', { theme: 'purple', startAtLogin: 'yes' }),
  );
  expect(response.ok).toBe(false);
  if (response.ok) return;
  expect(response.error.code).toBe('INVALID_ARGS');
  expect(response.error.message).toContain('theme');
  expect(response.error.issues?.map((i) => i.path).sort()).toEqual(['startAtLogin', 'theme']);

  const unknown = await page.evaluate(() => window.perch!.invoke('accounts.exportKeys', {}));
  expect(unknown.ok).toBe(false);
  if (!unknown.ok) expect(unknown.error.code).toBe('UNKNOWN_CHANNEL');

  // Nothing was half-applied: the preferences are what they were.
  const prefs = await page.evaluate(() => window.perch!.invoke('prefs.get', {}));
  expect(prefs).toEqual({
    ok: true,
    result: { theme: 'system', closeToTray: true, startAtLogin: false },
  });
});
