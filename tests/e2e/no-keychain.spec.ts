/**
 * In browser mode on a machine with no keychain (no D-Bus session, no display): the demo's key
 * lives in memory and its card says so; a real sign-in ends in the form with what to do instead
 * of a crash; and with `--secret-store memory` it works, the page saying plainly that keys go
 * when Perch quits.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { desktoplessEnv } from '../fixtures/desktopless-env.ts';
import { startWebCli, stopWebClis } from './support/web-cli.ts';

let server: StartedServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await stopWebClis();
  await server.close();
});

/** `npm run web` (after its build) with no way to a desktop session or a keychain. */
const startWithoutKeychain = (args: string[]) => startWebCli(args, desktoplessEnv());

async function signInMember(page: Page): Promise<void> {
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Accounts', exact: true })
    .click();
  await page.getByRole('button', { name: /^(Add an account|Sign in to an organization)$/ }).click();
  await page.getByLabel('Organization address').fill(server.url);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('API key').fill(member.api_key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the demo keeps its key in memory, and a real sign-in says no keychain is available and what to do', async ({
  page,
}) => {
  await page.goto(await startWithoutKeychain(['--demo']));
  // The demo owner's home view (web_home_view) is the Inbox: Perch opens there.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('button', { name: 'Inbox' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await sections.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  await signInMember(page);
  const error = page.getByTestId('signin-error');
  await expect(error).toContainText('no keychain is available on this computer');
  await expect(error).toContainText("Start your desktop session's keyring");
  await expect(error).toContainText('PERCH_SECRET_STORE=memory (or --secret-store memory)');
  await expect(error).toContainText('until Perch quits');
  await expect(error).toContainText('Details: The OS keychain cannot be used');

  await page.getByRole('button', { name: 'Cancel' }).click();
  const cards = page.getByRole('list', { name: 'Signed-in accounts' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('key-storage')).toHaveText(
    'Key kept in memory until Perch quits (a throwaway demo key)',
  );
});

test('with --secret-store memory a real account signs in, and the page says its key goes when Perch quits', async ({
  page,
}) => {
  await page.goto(await startWithoutKeychain(['--secret-store', 'memory']));
  await signInMember(page);
  await expect(page.getByTestId('signed-in-as')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('key-storage')).toHaveText(
    'Key kept in memory only: forgotten when Perch quits',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Keys are kept in memory only' }),
  ).toBeVisible();
});
