/**
 * Two administrators at once: two signed-in clients (two Perch Cores, each in its own browser
 * page) on one organization. What the owner does in one window shows up in the administrator's
 * open People, Invitations, User groups, Channels and Health panels without a reload, and the
 * administrator's search and unsaved text stay as they were.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, OWNER } from './support/admin.ts';
import { twoClientSuite } from './support/two-clients.ts';

const suite = twoClientSuite();
const byRole = (role: number) => suite.byRole(role);

/** The owner's window and the administrator's, each on its own Core. */
async function twoAdmins(
  page: Page,
  context: BrowserContext,
  ownerPanel: string,
  adminPanel: string,
): Promise<{ owner: Page; admin: Page }> {
  const clients = await suite.open(
    page,
    context,
    [byRole(OWNER), ownerPanel],
    [byRole(ADMIN), adminPanel],
  );
  return { owner: clients.first, admin: clients.second };
}

const people = (page: Page) => page.getByRole('table', { name: 'People' });
const personRow = (page: Page, name: string) =>
  people(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });

test('People: the owner’s role change shows in the administrator’s filtered list', async ({
  page,
  context,
}) => {
  const { owner, admin } = await twoAdmins(page, context, 'Users', 'Users');
  await admin.getByLabel('Search people by name or email').fill('mel');
  await expect(personRow(admin, 'Mel Member')).toContainText('Member');

  await people(owner).getByRole('button', { name: 'Mel Member', exact: true }).click();
  await owner.getByLabel('Role').selectOption({ label: 'Moderator' });
  await owner.getByRole('button', { name: 'Change role' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'is now moderator' })).toBeVisible();

  await expect(personRow(admin, 'Mel Member')).toContainText('Moderator');
  await expect(admin.getByLabel('Search people by name or email')).toHaveValue('mel');
  await expect(people(admin).getByRole('row')).toHaveCount(2);
});

test('Invitations: an invitation the owner sends appears in the administrator’s list', async ({
  page,
  context,
}) => {
  const { owner, admin } = await twoAdmins(page, context, 'Invitations', 'Invitations');
  // The administrator's half-typed batch stays while the list changes.
  await admin.getByLabel('Email addresses').fill('draft@perch.test');
  await owner.getByLabel('Email addresses').fill('newcomer@perch.test');
  await owner.getByRole('button', { name: 'Send invitations' }).click();
  await expect(owner.getByRole('status', { name: 'Invitation results' })).toContainText(
    'Invitation sent to newcomer@perch.test.',
  );

  const pending = admin.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText('newcomer@perch.test');
  await expect(pending).toContainText('Invited as member by Olive Owner');
  await expect(admin.getByLabel('Email addresses')).toHaveValue('draft@perch.test');
});

test('User groups: a group the owner creates appears for the administrator', async ({
  page,
  context,
}) => {
  const { owner, admin } = await twoAdmins(page, context, 'User groups', 'User groups');
  const main = (p: Page) => p.getByRole('main');
  await main(owner).getByLabel('New group name').fill('phones');
  await main(owner).getByLabel('New group description').fill('Who answers the phone');
  await main(owner).getByRole('button', { name: 'Create group' }).click();
  await expect(main(owner).getByText('Created phones')).toBeVisible();

  await expect(main(admin).getByLabel('Group', { exact: true })).toContainText('phones');
});

test('Channels: a channel the owner creates and archives shows in the administrator’s table', async ({
  page,
  context,
}) => {
  const { owner, admin } = await twoAdmins(page, context, 'Channels', 'Channels');
  const table = admin.getByRole('main').getByRole('table', { name: 'Channels' });
  await owner.getByRole('main').getByLabel('New channel name').fill('design');
  await owner.getByRole('main').getByRole('button', { name: 'Create channel' }).click();
  await expect(table).toContainText('#design');

  await owner.getByRole('main').getByRole('button', { name: 'Edit #development' }).click();
  await owner.getByRole('main').getByRole('button', { name: 'Archive #development' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Archive channel' }).click();
  await expect(table.getByRole('row', { name: /development/ })).toContainText('archived');
});

test('Health: a bot owner the owner deactivates shows up in the administrator’s health view', async ({
  page,
  context,
}) => {
  const { owner, admin } = await twoAdmins(page, context, 'Users', 'Health');
  const bots = admin.getByRole('region', { name: /^Bots without an active owner/ });
  await expect(bots).not.toContainText('Generic Bot');

  await people(owner).getByRole('button', { name: 'Mel Member', exact: true }).click();
  await owner.getByRole('button', { name: 'Deactivate…' }).click();
  await owner
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: /^Deactivate/ })
    .click();
  await expect(owner.getByRole('status').filter({ hasText: 'was deactivated' })).toBeVisible();

  await expect(bots).toContainText('Generic Bot belongs to Mel Member, who is deactivated.');
});
