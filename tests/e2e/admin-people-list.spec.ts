/**
 * The admin console's People list end to end in Chromium against browser mode and the reference
 * server: the list of everyone (search, filters, sort, 10 000 people), a person's page, role
 * change, deactivation and reactivation as owner, administrator and member, and the last owner
 * who keeps role and account.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { addUser } from '../../src/server/state/factory.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs } from './support/admin.ts';

let mode: BrowserMode;
let server: StartedServer;

test.beforeEach(async () => {
  server = await startServer({});
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode?.stop();
  await server?.close();
});

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (email: string) => server.state.userByEmail(email)!;

async function openPeople(page: Page, role: number) {
  const u = byRole(role);
  await openAdminAs(page, mode, { ...u, serverUrl: server.url }, 'Users');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  return u;
}

const table = (page: Page) => page.getByRole('table', { name: 'People' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const names = (page: Page) => table(page).locator('.name button.link');
const open = (page: Page, name: string) =>
  table(page).getByRole('button', { name, exact: true }).click();
const dialog = (page: Page) => page.getByTestId('confirm-dialog');

test('the list names everyone, searches, filters and sorts', async ({ page }) => {
  await openPeople(page, OWNER);
  // Active people and bots by name, bots with their owner.
  await expect(rowOf(page, 'Olive Owner')).toContainText('owner@perch.test');
  await expect(rowOf(page, 'Olive Owner')).toContainText('Owner');
  await expect(rowOf(page, 'Generic Bot')).toContainText('Bot of Mel Member');
  await expect(rowOf(page, 'Fay Former')).toHaveCount(0);
  await expect(names(page).first()).toHaveText('Ada Admin');

  await page.getByLabel('Search people by name or email').fill('member');
  await expect(names(page)).toHaveText(['Max Member', 'Mel Member']);
  await page.getByLabel('Search people by name or email').fill('mel@');
  await expect(names(page)).toHaveCount(0);
  await page.getByLabel('Search people by name or email').fill('');

  await page.getByLabel('Role').selectOption({ label: 'Guests' });
  await expect(names(page)).toHaveText(['Gus Guest']);
  await page.getByLabel('Role').selectOption({ label: 'Every role' });

  await page.getByLabel('Status').selectOption({ label: 'Deactivated' });
  await expect(names(page)).toHaveText(['Fay Former']);
  await expect(rowOf(page, 'Fay Former')).toContainText('Deactivated');
  await page.getByLabel('Status').selectOption({ label: 'Active' });

  await page.getByLabel('Kind').selectOption({ label: 'Bots only' });
  await expect(names(page)).toHaveText([
    'Embedded Bot',
    'Generic Bot',
    'Incoming Webhook Bot',
    'Outgoing Webhook Bot',
  ]);
  await page.getByLabel('Kind').selectOption({ label: 'People only' });

  await table(page).getByRole('button', { name: 'Role' }).click();
  await expect(names(page).first()).toHaveText('Olive Owner');
  await expect(table(page).getByRole('columnheader', { name: 'Role' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await table(page).getByRole('button', { name: 'Email' }).click();
  await table(page).getByRole('button', { name: 'Email' }).click();
  await expect(names(page).first()).toHaveText('Olive Owner');
  await expect(names(page).last()).toHaveText('Ada Admin');
});

test('a person page shows profile fields by name and the bots someone owns', async ({ page }) => {
  await openPeople(page, MEMBER);
  await open(page, 'Mel Member');
  await expect(page.getByTestId('owned-bots')).toContainText('Generic Bot');
  await expect(page.getByTestId('user-profile')).toContainText('Office location');
  await expect(page.getByTestId('user-profile')).toContainText('Lisbon');
  // A member sees the page, not the controls, and is told why.
  await expect(page.getByTestId('person-readonly')).toContainText('Only administrators');
  await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toHaveCount(0);
  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Generic Bot');
  await expect(page.getByTestId('bot-owner')).toHaveText('Bot owned by Mel Member.');
});

test('an owner changes roles, and taking an owner role away asks first', async ({ page }) => {
  await openPeople(page, OWNER);
  await open(page, 'Mel Member');
  await page.getByLabel('Role').selectOption({ label: 'Moderator' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now moderator' })).toBeVisible();
  expect(record('member@perch.test').role).toBe(300);

  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Ada Admin');
  await page.getByLabel('Role').selectOption({ label: 'Owner' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now owner' })).toBeVisible();
  expect(record('admin@perch.test').role).toBe(100);

  await page.getByLabel('Role').selectOption({ label: 'Member' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog(page)).toContainText('Remove Ada Admin’s owner role?');
  await expect(dialog(page)).toContainText('Perch Demo');
  await expect(dialog(page)).toContainText(server.url);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(record('admin@perch.test').role).toBe(100);
  await expect(page.getByLabel('Role')).toHaveValue('100');

  await page.getByLabel('Role').selectOption({ label: 'Member' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await dialog(page).getByRole('button', { name: 'Remove owner role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now member' })).toBeVisible();
  expect(record('admin@perch.test').role).toBe(400);
});

test('an owner deactivates after a confirmation, the person leaves every group, and reactivates', async ({
  page,
}) => {
  await openPeople(page, OWNER);
  const mel = record('member@perch.test');
  const groups = () =>
    [...server.state.userGroups.values()].filter((g) => g.members.has(mel.user_id));
  expect(groups().length).toBeGreaterThan(0);
  await open(page, 'Mel Member');
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await expect(dialog(page)).toContainText('Deactivate Mel Member?');
  await expect(dialog(page)).toContainText('leaves every user group');
  await expect(dialog(page)).toContainText('Perch Demo');
  await dialog(page).getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was deactivated' })).toBeVisible();
  expect(mel.is_active).toBe(false);
  expect(groups()).toEqual([]);
  await expect(page.getByTestId('user-status')).toHaveText('Deactivated');

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was reactivated' })).toBeVisible();
  expect(mel.is_active).toBe(true);
  await expect(page.getByTestId('user-status')).toHaveText('Active');
});

test('an owner deactivates and reactivates a bot from its page, after a confirmation', async ({
  page,
}) => {
  await openPeople(page, OWNER);
  const bot = record('generic-bot@perch.test');
  await open(page, 'Generic Bot');
  await expect(page.getByTestId('bot-owner')).toHaveText('Bot owned by Mel Member.');
  await expect(page.getByTestId('bot-unowned')).toHaveCount(0);
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await expect(dialog(page)).toContainText('Deactivate Generic Bot?');
  await expect(dialog(page)).toContainText('The bot Generic Bot');
  await expect(dialog(page)).toContainText('Perch Demo');
  await expect(dialog(page)).toContainText(server.url);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(bot.is_active).toBe(true);
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await dialog(page).getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was deactivated' })).toBeVisible();
  expect(bot.is_active).toBe(false);
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was reactivated' })).toBeVisible();
  expect(bot.is_active).toBe(true);
});

test('an administrator changes a bot’s role; a bot whose owner is deactivated is flagged; a member only reads', async ({
  page,
}) => {
  server.state.users.get(record('member@perch.test').user_id)!.is_active = false;
  await openPeople(page, ADMIN);
  await expect(rowOf(page, 'Generic Bot')).toContainText('Bot of Mel Member (owner deactivated)');
  await open(page, 'Generic Bot');
  await expect(page.getByTestId('bot-unowned')).toContainText(
    'its owner, Mel Member, is deactivated',
  );
  await page.getByLabel('Role').selectOption({ label: 'Moderator' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now moderator' })).toBeVisible();
  expect(record('generic-bot@perch.test').role).toBe(300);

  server.state.users.get(record('member@perch.test').user_id)!.is_active = true;
  await mode.stop();
  mode = await startBrowserMode();
  await openPeople(page, MEMBER);
  await open(page, 'Generic Bot');
  await expect(page.getByTestId('person-readonly')).toContainText('Only administrators');
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);
});

test('the last owner cannot be demoted or deactivated, and the page says why', async ({ page }) => {
  await openPeople(page, OWNER);
  await open(page, 'Olive Owner');
  await expect(page.getByTestId('person-blocked')).toHaveText(
    'Olive Owner is the only owner of Perch Demo: make someone else an owner first.',
  );
  await expect(page.getByRole('button', { name: 'Change role' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toBeDisabled();
  // Once there is a second owner, the first one may step down.
  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Ada Admin');
  await page.getByLabel('Role').selectOption({ label: 'Owner' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now owner' })).toBeVisible();
  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Olive Owner');
  await expect(page.getByTestId('person-blocked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toBeEnabled();
});

test('an administrator cannot grant the owner role or touch an owner; the server refusal is shown', async ({
  page,
}) => {
  await openPeople(page, ADMIN);
  await open(page, 'Gus Guest');
  const options = page.getByLabel('Role').locator('option:not([disabled])');
  await expect(options).toHaveText(['Administrator', 'Moderator', 'Member', 'Guest']);
  await page.getByLabel('Role').selectOption({ label: 'Member' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now member' })).toBeVisible();
  expect(record('guest@perch.test').role).toBe(400);
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await dialog(page).getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was deactivated' })).toBeVisible();
  expect(record('guest@perch.test').is_active).toBe(false);

  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Olive Owner');
  await expect(page.getByTestId('person-blocked')).toHaveText(
    'Only an owner can change an owner’s role or deactivate an owner.',
  );
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toBeDisabled();

  // Mel became an owner since the list was loaded: the server refuses, nothing changes.
  await page.getByRole('button', { name: '← All people' }).click();
  await open(page, 'Mel Member');
  record('member@perch.test').role = OWNER;
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await dialog(page).getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('UNAUTHORIZED_PRINCIPAL');
  expect(record('member@perch.test').is_active).toBe(true);
});

test('a member refused by the server after a demotion: nothing changes', async ({ page }) => {
  const admin = await openPeople(page, ADMIN);
  await open(page, 'Max Member');
  record(admin.email).role = MEMBER;
  await page.getByLabel('Role').selectOption({ label: 'Guest' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('UNAUTHORIZED_PRINCIPAL');
  expect(record('member2@perch.test').role).toBe(MEMBER);
});

test('a created user lands in the list', async ({ page }) => {
  await openPeople(page, OWNER);
  await page.getByLabel('Email', { exact: true }).fill('newbie@perch.test');
  await page.getByLabel('Full name').fill('Nia Newbie');
  await page.getByLabel('Initial password').fill('correct horse');
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByLabel('Search people by name or email').fill('nia');
  await expect(names(page)).toHaveText(['Nia Newbie']);
  await expect(rowOf(page, 'Nia Newbie')).toContainText('newbie@perch.test');
});

test('10 000 people: only the rows in view are in the page, and search finds anyone', async ({
  page,
}) => {
  for (let i = 0; i < 10_000; i++) {
    addUser(server.state, {
      email: `person${i}@perch.test`,
      full_name: `Person ${String(i).padStart(5, '0')}`,
      role: 400,
      date_joined: 1_700_000_000 + i,
    });
  }
  await openPeople(page, OWNER);
  await expect(page.getByTestId('people-count')).toContainText('of 10');
  expect(await table(page).getByRole('row').count()).toBeLessThanOrEqual(81);
  await table(page)
    .getByRole('rowgroup')
    .evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(names(page).last()).toHaveText('Person 09999');
  expect(await table(page).getByRole('row').count()).toBeLessThanOrEqual(81);
  await page.getByLabel('Search people by name or email').fill('person9876@');
  await expect(names(page)).toHaveText(['Person 09876']);
});

test('a server before FL 60 has no moderators: said before any request, nothing changes', async ({
  page,
}) => {
  await server.close();
  server = await startServer({ featureLevel: 59 });
  await openPeople(page, OWNER);
  await open(page, 'Max Member');
  await page.getByLabel('Role').selectOption({ label: 'Moderator' });
  await page.getByRole('button', { name: 'Change role' }).click();
  // Said in the release people install; the levels are kept for the details.
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'This server is too old for the moderator role; it needs Zulip 4.0 or later.',
  );
  expect(record('member2@perch.test').role).toBe(MEMBER);
  // Other roles still work on that server.
  await page.getByLabel('Role').selectOption({ label: 'Guest' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now guest' })).toBeVisible();
});
