/**
 * The Accounts page and the look-up card. An organization icon the server cannot deliver (the
 * reference server's answers 404) shows the organization's initials, never a broken image; each
 * account says where its key is kept; a deactivated organization says so and offers only
 * sign-out, since signing in again cannot help.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

async function signInMember(): Promise<void> {
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: member().email,
    apiKey: member().api_key,
  });
  expect(r.ok).toBe(true);
}

async function openAccounts(page: Page): Promise<void> {
  await page.goto(mode.host.url);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Accounts', exact: true })
    .click();
}

/** Images inside `scope` that finished loading without a picture: what a user sees as broken. */
async function brokenImages(scope: Locator): Promise<string[]> {
  return scope.evaluate((el) =>
    [...el.querySelectorAll('img')]
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.src),
  );
}

test('an organization icon that answers 404 shows the initials instead of a broken image', async ({
  page,
}) => {
  const icon = await fetch(new URL(server.state.realm.icon, server.url));
  expect(icon.status).toBe(404);
  await signInMember();
  await openAccounts(page);
  const list = page.getByRole('list', { name: 'Signed-in accounts' });
  await expect(list.getByTestId('org-icon-fallback')).toHaveText('PD');
  expect(await brokenImages(list)).toEqual([]);

  await page.getByRole('button', { name: 'Add an account' }).click();
  await page.getByLabel('Organization address').fill(server.url);
  await page.getByRole('button', { name: 'Look up' }).click();
  const card = page.getByRole('article', { name: 'Organization' });
  await expect(card.getByTestId('org-name')).toHaveText('Perch Demo');
  await expect(card.getByTestId('org-icon-fallback')).toHaveText('PD');
  expect(await brokenImages(card)).toEqual([]);
});

test('each account says where its key is kept', async ({ page }) => {
  await signInMember();
  await openAccounts(page);
  await expect(page.getByTestId('key-storage')).toHaveText('Key kept in your system keychain');
});

test('a deactivated organization says so and offers only sign-out', async ({ page }) => {
  await signInMember();
  await openAccounts(page);
  server.state.realm.deactivated = true;
  await mode.core.invoke('sync.reconnect', {});
  const alert = page.getByRole('alert').filter({ hasText: 'Needs attention' });
  await expect(alert).toContainText('the organization Perch Demo has been deactivated');
  await expect(alert).toContainText('sign out');
  await expect(page.getByRole('button', { name: 'Re-authenticate' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Sign out of Perch Demo/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try the demo organization' })).toBeVisible();
});
