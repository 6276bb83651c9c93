/**
 * The connection doctor and the proxy preferences in Chromium against browser mode: an
 * account whose server went down offers the check on its card, which names the failing step
 * and copies a report without the key; the proxy choice and its password (in the real
 * keychain) survive a reload; a sign-in that cannot reach the server offers the same check.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { deadAddress } from './support/fake-site.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
let server: StartedServer;

test.beforeEach(async () => {
  server = await startServer();
  mode = await startBrowserMode();
});

test.afterEach(async () => {
  await mode.stop();
  await server.close();
});

expectNoPageErrors();

async function openPage(page: Page, name: 'Accounts' | 'Preferences') {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name, exact: true }).click();
}

test('the doctor, run from the card of an account whose server is down, names the refused connection', async ({
  page,
  context,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const signedIn = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  expect(signedIn.ok).toBe(true);
  await server.close();

  await openPage(page, 'Accounts');
  const card = page.getByRole('listitem').filter({ hasText: owner.email });
  await card.getByRole('button', { name: /^Check the connection of / }).click();

  const doctor = page.getByRole('dialog', { name: 'Connection check' });
  await expect(doctor.getByTestId('doctor-verdict')).toHaveText(
    'The connection fails at “TCP connection”.',
  );
  const host = new URL(server.url).host;
  await expect(doctor.getByTestId('doctor-step-dns')).toHaveAttribute('data-outcome', 'ok');
  await expect(doctor.getByTestId('doctor-step-tcp')).toContainText(
    `The server at ${host} refused the connection: nothing is listening on that port.`,
  );
  await expect(doctor.getByTestId('doctor-step-credentials')).toHaveAttribute(
    'data-outcome',
    'skipped',
  );

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await doctor.getByRole('button', { name: 'Copy as text' }).click();
  await expect(doctor.getByText('Copied: paste it into your support ticket.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Perch connection check for ${server.url}`);
  expect(copied).toContain('2. TCP connection: FAILED.');
  expect(copied).not.toContain(owner.api_key);
  expect(copied).not.toContain(Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64'));
  await doctor.getByText('Report as text').click();
  await expect(doctor.getByTestId('doctor-text')).toHaveText(copied);

  await doctor.getByRole('button', { name: 'Close' }).click();
  await expect(doctor).toBeHidden();
});

test('proxy settings are saved, and after a reload show the choice and a kept password', async ({
  page,
}) => {
  await openPage(page, 'Preferences');
  const proxy = page.getByRole('region', { name: 'Proxy' });
  await expect(proxy.getByLabel('Use the system proxy')).toBeChecked();
  await proxy.getByLabel('Manual proxy (HTTP CONNECT)').check();
  await proxy.getByLabel('Address').fill('proxy.example.com:3128');
  await proxy.getByLabel('User name').fill('ada');
  await proxy.getByLabel('Password', { exact: true }).fill('proxy-password-e2e');
  await proxy.getByRole('button', { name: 'Save proxy settings' }).click();
  await expect(proxy.getByText('Saved: every account now connects this way.')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Preferences', exact: true }).click();
  await expect(proxy.getByLabel('Manual proxy (HTTP CONNECT)')).toBeChecked();
  await expect(proxy.getByLabel('Address')).toHaveValue('http://proxy.example.com:3128');
  await expect(proxy.getByLabel('User name')).toHaveValue('ada');
  await expect(proxy.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(proxy.getByLabel('Password', { exact: true })).toHaveAttribute(
    'placeholder',
    'Kept in the keychain',
  );
  expect(await page.content()).not.toContain('proxy-password-e2e');

  await proxy.getByLabel('Address').fill('ftp://proxy.example.com');
  await proxy.getByRole('button', { name: 'Save proxy settings' }).click();
  await expect(proxy.getByRole('alert')).toHaveText(
    'Only http:// proxies (HTTP CONNECT) are supported, not ftp://.',
  );
});

test('a sign-in that cannot reach the server offers the connection check', async ({ page }) => {
  const dead = await deadAddress();
  await openPage(page, 'Accounts');
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  await page.getByLabel('Organization address').fill(dead);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('signin-error')).toBeVisible();
  await page.getByRole('button', { name: /^Check the connection of / }).click();
  const doctor = page.getByRole('dialog', { name: 'Connection check' });
  await expect(doctor.getByTestId('doctor-step-tcp')).toHaveAttribute('data-outcome', 'failed');
  await expect(doctor.getByTestId('doctor-step-credentials')).toContainText('not run');
});
