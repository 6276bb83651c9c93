/**
 * Admin panels when the server refuses a submit it never saw (a real HTTP hop in front of
 * the reference server answers for it): the refusal is named, every value the user typed is
 * still in the form, nothing is shown as done, and submitting again works and clears the
 * error. The page must log no uncaught error throughout.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { ADMIN, OWNER, openAdminAs } from './support/admin.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { startRewritingProxy } from './support/rewriting-proxy.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

/** The request the server refuses: matched by method and path prefix, until cleared. */
let refused: { method: string; path: string } | undefined;
let proxy: Awaited<ReturnType<typeof startRewritingProxy>> | undefined;
expectNoPageErrors();
test.beforeEach(() => {
  refused = undefined;
});
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function openPanel(page: Page, role: number, panel: string) {
  proxy = await startRewritingProxy(
    server.url,
    () => undefined,
    ({ method, path }) =>
      refused && method === refused.method && path.startsWith(refused.path)
        ? { result: 'error', code: 'BAD_REQUEST', msg: 'Try again later' }
        : undefined,
  );
  const user = server.users.find((u) => u.role === role && !u.is_bot)!;
  await openAdminAs(page, mode, { ...user, serverUrl: proxy.url }, panel);
}

const alert = (page: Page) => page.getByRole('alert');

test('channel folders: a refused create keeps the name and description; creating again works', async ({
  page,
}) => {
  await openPanel(page, ADMIN, 'Channel folders');
  refused = { method: 'POST', path: '/api/v1/channel_folders/create' };
  await page.getByLabel('Name', { exact: true }).fill('Support');
  await page.getByLabel('Description', { exact: true }).fill('Where customers are helped');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(alert(page).locator('.sentence')).toHaveText(
    'The server did not accept this: “Try again later”. Check the values and try again.',
  );
  await expect(alert(page).getByTestId('error-details')).toHaveText(
    'BAD_REQUEST · Try again later',
  );
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Support');
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
    'Where customers are helped',
  );
  await expect(page.getByRole('listitem', { name: 'Folder Support' })).toHaveCount(0);

  refused = undefined;
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('listitem', { name: 'Folder Support' })).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('invitations: a refused invitation keeps the addresses; sending again works', async ({
  page,
}) => {
  await openPanel(page, ADMIN, 'Invitations');
  refused = { method: 'POST', path: '/api/v1/invites' };
  await page.getByLabel('Email addresses').fill('fresh@perch.test, other@perch.test');
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(alert(page).locator('.sentence')).toHaveText(
    'The server did not accept this: “Try again later”. Check the values and try again.',
  );
  await expect(alert(page).getByTestId('error-details')).toHaveText(
    'BAD_REQUEST · Try again later',
  );
  await expect(page.getByLabel('Email addresses')).toHaveValue(
    'fresh@perch.test, other@perch.test',
  );
  expect(server.state.invitations.size).toBe(0);

  refused = undefined;
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to' })).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
  expect(server.state.invitations.size).toBe(2);
});

test('users: a refused new user keeps every field; creating again works', async ({ page }) => {
  await openPanel(page, OWNER, 'Users');
  refused = { method: 'POST', path: '/api/v1/users' };
  await page.getByLabel('Email', { exact: true }).fill('newbie@perch.test');
  await page.getByLabel('Full name').fill('Nia Newbie');
  await page.getByLabel('Initial password').fill('correct horse');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(alert(page)).toContainText('Try again later');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('newbie@perch.test');
  await expect(page.getByLabel('Full name')).toHaveValue('Nia Newbie');
  await expect(page.getByLabel('Initial password')).toHaveValue('correct horse');

  refused = undefined;
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Created newbie@perch.test' }),
  ).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});

test('a panel whose organization data fails to load says why and loads on Try again', async ({
  page,
}) => {
  refused = { method: 'POST', path: '/api/v1/register' };
  await openPanel(page, ADMIN, 'Defaults for new users');
  await expect(alert(page)).toContainText(
    "The organization's settings could not be loaded. The server did not accept this: “Try again later”.",
  );
  await expect(page.getByRole('group', { name: 'Display' })).toHaveCount(0);

  refused = undefined;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('group', { name: 'Display' })).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});
