/**
 * An administrator renames a person and sets their custom profile fields from the person page,
 * while a second administrator's window (its own Core) shows the People list: the new name
 * reaches it without a reload. Upstream's update-user: administrators edit "full name, role,
 * and custom profile fields" of another user; every client gets the realm_user update.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OWNER } from './support/admin.ts';
import { twoClientSuite } from './support/two-clients.ts';

const suite = twoClientSuite();

const people = (page: Page) => page.getByRole('table', { name: 'People' });
const openPerson = (page: Page, name: string) =>
  people(page).getByRole('button', { name, exact: true }).click();
const nameForm = (page: Page) => page.getByRole('form', { name: 'Name' });
const fields = (page: Page) => page.getByRole('region', { name: 'Custom profile fields' });

test('the owner renames Mel Member; the other administrator’s list shows the new name', async ({
  page,
  context,
}) => {
  const { first: owner, second: admin } = await suite.open(
    page,
    context,
    [suite.byRole(OWNER), 'Users'],
    [suite.byRole(ADMIN), 'Users'],
  );
  await openPerson(owner, 'Mel Member');
  const name = nameForm(owner).getByLabel('Name');
  await expect(name).toHaveValue('Mel Member');

  // The rule is said before anything is sent.
  await name.fill('Mel @ home');
  await expect(nameForm(owner)).toContainText('A name cannot hold');
  await expect(nameForm(owner).getByRole('button', { name: 'Rename' })).toBeDisabled();

  // The server's own refusal, in words, next to the control.
  await name.fill('Mel|12');
  await nameForm(owner).getByRole('button', { name: 'Rename' }).click();
  await expect(
    owner.getByRole('alert').filter({ hasText: 'The name was not changed' }),
  ).toContainText('Invalid format!');

  await name.fill('Mel Marvellous');
  await nameForm(owner).getByRole('button', { name: 'Rename' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'Mel Member is now called Mel Marvellous.' }),
  ).toBeVisible();
  await expect(owner.locator('.person-name')).toHaveText('Mel Marvellous');

  await expect(
    people(admin).getByRole('button', { name: 'Mel Marvellous', exact: true }),
  ).toBeVisible();
  await expect(people(admin).getByRole('button', { name: 'Mel Member', exact: true })).toHaveCount(
    0,
  );
});

test('custom profile fields: set, cleared, and seen on the other administrator’s person page', async ({
  page,
  context,
}) => {
  const { first: owner, second: admin } = await suite.open(
    page,
    context,
    [suite.byRole(OWNER), 'Users'],
    [suite.byRole(ADMIN), 'Users'],
  );
  await openPerson(owner, 'Mel Member');
  await openPerson(admin, 'Mel Member');
  const office = fields(owner).getByLabel('Office location');
  await expect(office).toHaveValue('Lisbon');
  await office.fill('Porto');
  await fields(owner).getByRole('button', { name: 'Save fields' }).click();
  await expect(fields(owner).getByRole('status')).toHaveText(
    'Saved Office location for Mel Member.',
  );
  await expect(fields(admin).getByLabel('Office location')).toHaveValue('Porto');

  await office.fill('');
  await fields(owner).getByRole('button', { name: 'Save fields' }).click();
  await expect(fields(admin).getByLabel('Office location')).toHaveValue('');
});
