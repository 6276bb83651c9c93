/**
 * Two administrators editing the same thing at once (two signed-in clients, two Cores): a
 * change arriving under an open edit form merges what the user left alone, and a field both
 * changed stops the form with "Changed by someone else while you were editing: reload or keep
 * your text". A save from that form is refused until the user chooses, so nobody's change is
 * overwritten without them seeing it.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { ServerUser } from '../../src/server/index.ts';
import { ADMIN, OWNER } from './support/admin.ts';
import { twoClientSuite } from './support/two-clients.ts';

const suite = twoClientSuite();
const byRole = (role: number) => suite.byRole(role);
const CONFLICT = 'Changed by someone else while you were editing: reload or keep your text.';

async function open(
  page: Page,
  context: BrowserContext,
  panel: string,
  [a, b]: [ServerUser, ServerUser] = [byRole(OWNER), byRole(ADMIN)],
) {
  const clients = await suite.open(page, context, [a, panel], [b, panel]);
  return { theirs: clients.first, mine: clients.second };
}

const conflict = (form: ReturnType<Page['getByRole']>) => form.getByRole('alert');

test('profile fields: their change to another setting merges; one to the same is refused until chosen', async ({
  page,
  context,
}) => {
  const { theirs, mine } = await open(page, context, 'Custom profile fields');
  const field = [...suite.server.state.profileFields.values()][0]!;
  await mine.getByRole('button', { name: 'Edit Office location' }).click();
  await theirs.getByRole('button', { name: 'Edit Office location' }).click();
  const myForm = mine.getByRole('form', { name: /^Edit field/ });
  const theirForm = theirs.getByRole('form', { name: /^Edit field/ });
  await myForm.getByLabel('Hint').fill('Second floor, by the window');

  // They rename it: my form follows the name, keeps my hint, and raises nothing.
  await theirForm.getByLabel('Name').fill('Office');
  await theirForm.getByRole('button', { name: 'Save' }).click();
  await expect(myForm.getByLabel('Name')).toHaveValue('Office');
  await expect(myForm.getByLabel('Hint')).toHaveValue('Second floor, by the window');
  await expect(conflict(myForm)).toHaveCount(0);

  // They change the hint I am changing too: my form says so and keeps my text.
  await theirs.getByRole('button', { name: 'Edit Office' }).click();
  await theirForm.getByLabel('Hint').fill('Ground floor');
  await theirForm.getByRole('button', { name: 'Save' }).click();
  await expect(conflict(myForm)).toContainText(CONFLICT);
  await expect(myForm.getByLabel('Hint')).toHaveValue('Second floor, by the window');
  await myForm.getByRole('button', { name: 'Save' }).click();
  await expect(conflict(myForm)).toContainText(`Not saved. ${CONFLICT}`);
  expect(suite.server.state.profileFields.get(field.id)?.hint).toBe('Ground floor');

  // Knowingly keeping my text saves it.
  await myForm.getByRole('button', { name: 'Keep my text' }).click();
  await myForm.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByRole('main').getByRole('status')).toContainText('Field “Office” saved.');
  expect(suite.server.state.profileFields.get(field.id)).toMatchObject({
    name: 'Office',
    hint: 'Second floor, by the window',
  });
});

test('saved snippets: the same person in two windows; Reload takes the other window’s text', async ({
  page,
  context,
}) => {
  const me = byRole(ADMIN);
  const res = await fetch(`${suite.server.url}/api/v1/saved_snippets`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${me.email}:${me.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ title: 'Hello', content: 'Hi there' }),
  });
  expect(res.ok).toBe(true);
  const { theirs, mine } = await open(page, context, 'Saved snippets', [me, me]);
  await mine.getByRole('button', { name: 'Edit snippet Hello' }).click();
  await theirs.getByRole('button', { name: 'Edit snippet Hello' }).click();
  const myForm = mine.getByRole('form', { name: 'Edit snippet Hello' });
  const theirForm = theirs.getByRole('form', { name: 'Edit snippet Hello' });
  await myForm.getByLabel('Content').fill('Hi, from window one');
  await theirForm.getByLabel('Content').fill('Hello, from window two');
  await theirForm.getByRole('button', { name: 'Save snippet' }).click();

  await expect(conflict(myForm)).toContainText(CONFLICT);
  await myForm.getByRole('button', { name: 'Save snippet' }).click();
  await expect(conflict(myForm)).toContainText('Not saved.');
  expect([...suite.server.state.savedSnippets.values()][0]?.content).toBe('Hello, from window two');
  await myForm.getByRole('button', { name: 'Reload' }).click();
  await expect(myForm.getByLabel('Content')).toHaveValue('Hello, from window two');
  await expect(conflict(myForm)).toHaveCount(0);
});

test('channel folders: a description both change is refused until chosen', async ({
  page,
  context,
}) => {
  const { theirs, mine } = await open(page, context, 'Channel folders');
  await mine.getByRole('button', { name: 'Edit Engineering' }).click();
  await theirs.getByRole('button', { name: 'Edit Engineering' }).click();
  const myForm = mine.getByRole('form', { name: 'Edit folder Engineering' });
  await myForm.getByLabel('Folder description').fill('Backend and apps');
  await theirs.getByLabel('Folder description').fill('Platform team');
  await theirs.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(conflict(myForm)).toContainText(CONFLICT);
  await expect(conflict(myForm)).toContainText('Platform team');
  await myForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(conflict(myForm)).toContainText('Not saved.');
  const [folder] = suite.server.state.channelFolders.values();
  expect(folder?.description).toBe('Platform team');
  await myForm.getByRole('button', { name: 'Keep my text' }).click();
  await myForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(mine.getByRole('main').getByRole('status')).toContainText(
    'Folder “Engineering” saved.',
  );
  expect(folder?.description).toBe('Backend and apps');
});

test('channels: their rename follows into my open editor, and my description saves without undoing it', async ({
  page,
  context,
}) => {
  const { theirs, mine } = await open(page, context, 'Channels');
  for (const p of [mine, theirs])
    await p.getByRole('main').getByRole('button', { name: 'Edit #development' }).click();
  await mine.getByLabel('Channel description', { exact: true }).fill('Code and reviews');
  await theirs.getByLabel('Channel name', { exact: true }).fill('engineering');
  await theirs.getByRole('button', { name: 'Save name and description' }).click();

  await expect(mine.getByLabel('Channel name', { exact: true })).toHaveValue('engineering');
  await expect(mine.getByLabel('Channel description', { exact: true })).toHaveValue(
    'Code and reviews',
  );
  await mine.getByRole('button', { name: 'Save name and description' }).click();
  await expect(mine.getByText('Saved the name and description.')).toBeVisible();
  expect(suite.server.state.channelByName('engineering')?.description).toBe('Code and reviews');
});

test('user groups: a description both change is refused until chosen', async ({
  page,
  context,
}) => {
  const { theirs, mine } = await open(page, context, 'User groups');
  for (const p of [mine, theirs])
    await p
      .getByRole('main')
      .getByLabel('Group', { exact: true })
      .selectOption({ label: 'support' });
  await mine.getByLabel('Group description', { exact: true }).fill('Everyone on the phones');
  await theirs.getByLabel('Group description', { exact: true }).fill('Tickets and chat');
  await theirs.getByRole('button', { name: 'Save name and description' }).click();

  const alert = mine.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(CONFLICT);
  await mine.getByRole('button', { name: 'Save name and description' }).click();
  await expect(alert).toContainText('Not saved.');
  const support = [...suite.server.state.userGroups.values()].find((g) => g.name === 'support');
  expect(support?.description).toBe('Tickets and chat');
});

test('defaults for new users: their other change follows, the same setting waits for a choice', async ({
  page,
  context,
}) => {
  const { theirs, mine } = await open(page, context, 'Defaults for new users');
  await mine.getByLabel('Color scheme').selectOption({ label: 'Light' });
  await theirs.getByLabel('Color scheme').selectOption({ label: 'Dark' });
  await theirs.getByLabel('Enter sends the message').click();
  await theirs.getByRole('button', { name: 'Preview changes' }).click();
  await theirs.getByRole('button', { name: 'Apply changes' }).click();
  await expect(theirs.getByRole('status').filter({ hasText: 'Saved 2 changes' })).toBeVisible();

  // Their Enter setting shows up here; the colour scheme both changed asks.
  await expect(mine.getByLabel('Enter sends the message')).toBeChecked();
  await expect(mine.getByRole('main').getByRole('alert')).toContainText(CONFLICT);
  await expect(mine.getByLabel('Color scheme').locator('option:checked')).toHaveText('Light');
  await mine.getByRole('button', { name: 'Keep my text' }).click();
  await mine.getByRole('button', { name: 'Preview changes' }).click();
  await mine.getByRole('button', { name: 'Apply changes' }).click();
  await expect(mine.getByRole('status').filter({ hasText: 'Saved 1 change' })).toBeVisible();
  expect(suite.server.state.realm.user_settings_defaults['color_scheme']).toBe(3);
  expect(suite.server.state.realm.user_settings_defaults['enter_sends']).toBe(true);
});
