/**
 * Profile fields, linkifiers, saved snippets and channel folders are edited, reordered and
 * deleted in Chromium against browser mode and the reference server, as owner, as administrator
 * and as member (hidden or refused); another administrator's change arrives as an event, and an
 * edit of something deleted meanwhile says so.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs } from './support/admin.ts';
import { untilPolling } from './support/queue-state.ts';

let mode: BrowserMode;
let server: StartedServer;

test.beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode?.stop();
  await server?.close();
});

const byRole = (role: number, nth = 0) =>
  server.users.filter((u) => u.role === role && !u.is_bot)[nth]!;

/** A request as another user, over HTTP: "someone else" changing things meanwhile. */
async function asUser(role: number, method: string, path: string, params: object = {}) {
  const u = byRole(role);
  const body = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${u.email}:${u.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (json.result !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** Opens the panel once the account's event queue listens, so no change goes unseen. */
async function open(page: Page, role: number, panel?: string) {
  await openAdminAs(page, mode, { ...byRole(role), serverUrl: server.url }, panel);
  await untilPolling(mode);
}

const status = (page: Page) => page.getByRole('main').getByRole('status');

/** The names in a list, in the order shown. */
const names = (items: Locator) => items.locator('strong').allInnerTexts();

/** Confirms a deletion, checking the dialog names the item and the organization. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(server.state.realm.name);
  await expect(dialog).toContainText(server.url);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

test.describe('custom profile fields', () => {
  const list = (page: Page) => page.locator('ul.fields > li');

  test('an owner edits, reorders and deletes fields', async ({ page }) => {
    await asUser(ADMIN, 'POST', '/realm/profile_fields', { name: 'Team', field_type: 1 });
    await open(page, OWNER, 'Custom profile fields');
    await expect.poll(() => names(list(page))).toEqual(['Office location', 'Team']);

    await page.getByRole('button', { name: 'Edit Team' }).click();
    const form = page.getByRole('form', { name: 'Edit field Team' });
    await form.getByLabel('Name').fill('Squad');
    await form.getByLabel('Hint').fill('Which squad you are in');
    await form.getByLabel('Required').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(status(page)).toContainText('Field “Squad” saved.');
    const squad = [...server.state.profileFields.values()].find((f) => f.name === 'Squad');
    expect(squad).toMatchObject({ hint: 'Which squad you are in', required: true });

    await page.getByRole('button', { name: 'Move Squad up' }).click();
    await expect.poll(() => names(list(page))).toEqual(['Squad', 'Office location']);
    expect([...server.state.profileFields.values()].map((f) => f.name)).toEqual([
      'Squad',
      'Office location',
    ]);
    await expect(page.getByRole('button', { name: 'Move Squad up' })).toBeDisabled();

    await page.getByRole('button', { name: 'Delete field Squad' }).click();
    await confirm(page, 'Delete the field “Squad”?', 'Delete field');
    await expect.poll(() => names(list(page))).toEqual(['Office location']);
    expect(squad && server.state.profileFields.has(squad.id)).toBe(false);
  });

  test('an administrator edits a list field’s choices; Cancel in the dialog keeps the field', async ({
    page,
  }) => {
    await asUser(ADMIN, 'POST', '/realm/profile_fields', {
      name: 'Fruit',
      field_type: 3,
      field_data: { '0': { text: 'Apples', order: '0' }, '1': { text: 'Pears', order: '1' } },
    });
    await open(page, ADMIN, 'Custom profile fields');
    await page.getByRole('button', { name: 'Edit Fruit' }).click();
    const form = page.getByRole('form', { name: 'Edit field Fruit' });
    await form.getByRole('textbox', { name: 'Choice 2' }).fill('Plums');
    await form.getByRole('button', { name: 'Add choice' }).click();
    await form.getByRole('textbox', { name: 'Choice 3' }).fill('Figs');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(status(page)).toContainText('Field “Fruit” saved.');
    const fruit = [...server.state.profileFields.values()].find((f) => f.name === 'Fruit');
    expect(fruit?.field_data).toEqual({
      '0': { text: 'Apples', order: '0' },
      '1': { text: 'Plums', order: '1' },
      '2': { text: 'Figs', order: '2' },
    });

    await page.getByRole('button', { name: 'Delete field Fruit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(list(page).filter({ hasText: 'Fruit' })).toHaveCount(1);
    expect(fruit && server.state.profileFields.has(fruit.id)).toBe(true);
  });

  test('another administrator’s change arrives; an edit of a deleted field says so', async ({
    page,
  }) => {
    const { id } = await asUser(ADMIN, 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    await open(page, OWNER, 'Custom profile fields');
    await expect.poll(() => names(list(page))).toEqual(['Office location', 'Desk']);
    await asUser(ADMIN, 'PATCH', `/realm/profile_fields/${id as number}`, { name: 'Seat' });
    await expect.poll(() => names(list(page))).toEqual(['Office location', 'Seat']);

    await page.getByRole('button', { name: 'Edit Seat' }).click();
    await asUser(ADMIN, 'DELETE', `/realm/profile_fields/${id as number}`);
    await expect(page.getByRole('alert')).toContainText(
      'The field “Seat” no longer exists: someone else deleted it.',
    );
    await expect.poll(() => names(list(page))).toEqual(['Office location']);
  });

  test('a member does not see the panel, and the server refuses a member anyway', async ({
    page,
  }) => {
    await open(page, MEMBER);
    await expect(
      page.getByRole('navigation', { name: 'Admin panels' }).getByRole('button', {
        name: 'Custom profile fields',
      }),
    ).toHaveCount(0);
    const [field] = server.state.profileFields.keys();
    await expect(
      asUser(MEMBER, 'DELETE', `/realm/profile_fields/${field as number}`),
    ).rejects.toThrow('UNAUTHORIZED_PRINCIPAL');
  });
});

test.describe('linkifiers', () => {
  const rows = (page: Page) => page.getByRole('table', { name: 'Linkifiers' }).locator('tbody tr');
  const patterns = (page: Page) => rows(page).locator('td:first-child code').allInnerTexts();
  const addTwo = async () => {
    for (const p of ['PR-(?P<id>\\d+)', 'BUG-(?P<id>\\d+)'])
      await asUser(ADMIN, 'POST', '/realm/filters', {
        pattern: p,
        url_template: 'https://example.com/{id}',
      });
  };

  for (const [who, role] of [
    ['an owner', OWNER],
    ['an administrator', ADMIN],
  ] as const) {
    test(`${who} edits, reorders and deletes linkifiers`, async ({ page }) => {
      await addTwo();
      await open(page, role, 'Linkifiers');
      await expect.poll(() => patterns(page)).toEqual(['PR-(?P<id>\\d+)', 'BUG-(?P<id>\\d+)']);

      await page.getByRole('button', { name: 'Edit linkifier BUG-(?P<id>\\d+)' }).click();
      const cell = page.getByRole('cell', { name: 'Edit linkifier BUG-(?P<id>\\d+)' });
      await cell
        .getByRole('textbox', { name: 'URL template', exact: true })
        .fill('https://bugs.example.com/{id}');
      await cell.getByRole('button', { name: 'Save linkifier' }).click();
      await expect(status(page)).toContainText('Saved the linkifier for BUG-(?P<id>\\d+).');
      await expect(rows(page).nth(1)).toContainText('https://bugs.example.com/{id}');

      await page.getByRole('button', { name: 'Move linkifier BUG-(?P<id>\\d+) up' }).click();
      await expect.poll(() => patterns(page)).toEqual(['BUG-(?P<id>\\d+)', 'PR-(?P<id>\\d+)']);
      expect([...server.state.linkifiers.values()].map((l) => l.pattern)).toEqual([
        'BUG-(?P<id>\\d+)',
        'PR-(?P<id>\\d+)',
      ]);

      await page.getByRole('button', { name: 'Delete linkifier PR-(?P<id>\\d+)' }).click();
      await confirm(page, 'Delete the linkifier for PR-(?P<id>\\d+)?', 'Delete linkifier');
      await expect.poll(() => patterns(page)).toEqual(['BUG-(?P<id>\\d+)']);
    });
  }

  test('an edit never overwrites someone else’s change: the form keeps mine and asks', async ({
    page,
  }) => {
    await addTwo();
    const [first] = server.state.linkifiers.keys();
    await open(page, ADMIN, 'Linkifiers');
    await page.getByRole('button', { name: 'Edit linkifier PR-(?P<id>\\d+)' }).click();
    const cell = page.getByRole('cell', { name: 'Edit linkifier PR-(?P<id>\\d+)' });
    const url = cell.getByRole('textbox', { name: 'URL template', exact: true });
    await url.fill('https://mine.example.com/{id}');
    await asUser(OWNER, 'PATCH', `/realm/filters/${first as number}`, {
      pattern: 'PR-(?P<id>\\d+)',
      url_template: 'https://theirs.example.com/{id}',
    });
    // Their change arrives while the form is open: the form says so and keeps my text.
    const alert = cell.getByRole('alert');
    await expect(alert).toContainText(
      'Changed by someone else while you were editing: reload or keep your text.',
    );
    await expect(alert).toContainText('https://theirs.example.com/{id}');
    await expect(url).toHaveValue('https://mine.example.com/{id}');
    await cell.getByRole('button', { name: 'Save linkifier' }).click();
    await expect(alert).toContainText('Not saved.');
    expect(server.state.linkifiers.get(first as number)?.url_template).toBe(
      'https://theirs.example.com/{id}',
    );
    await cell.getByRole('button', { name: 'Reload' }).click();
    await expect(url).toHaveValue('https://theirs.example.com/{id}');
  });

  test('a member sees the list without edit, move or delete buttons', async ({ page }) => {
    await addTwo();
    await open(page, MEMBER, 'Linkifiers');
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^(Edit|Move|Delete) linkifier/ })).toHaveCount(
      0,
    );
    await expect(page.getByTestId('linkifiers-readonly')).toContainText(
      'Only organization administrators may add, edit, reorder or delete linkifiers.',
    );
  });
});

test.describe('saved snippets (each user’s own)', () => {
  for (const [who, role] of [
    ['an owner', OWNER],
    ['an administrator', ADMIN],
    ['a member', MEMBER],
  ] as const) {
    test(`${who} edits and deletes their snippet`, async ({ page }) => {
      await asUser(role, 'POST', '/saved_snippets', { title: 'Hello', content: 'Hi there' });
      await open(page, role, 'Saved snippets');
      await page.getByRole('button', { name: 'Edit snippet Hello' }).click();
      const form = page.getByRole('form', { name: 'Edit snippet Hello' });
      await form.getByLabel('Title').fill('Welcome');
      await form.getByRole('button', { name: 'Save snippet' }).click();
      await expect(status(page)).toContainText('Saved “Welcome”.');
      await expect(page.getByRole('list', { name: 'Saved snippets' })).toContainText('Hi there');
      expect([...server.state.savedSnippets.values()].map((s) => s.title)).toEqual(['Welcome']);

      await page.getByRole('button', { name: 'Delete snippet Welcome' }).click();
      await confirm(page, 'Delete the snippet “Welcome”?', 'Delete snippet');
      await expect(page.getByText('No saved snippets yet.')).toBeVisible();
    });
  }

  test('an edit of a snippet deleted in another session says it no longer exists', async ({
    page,
  }) => {
    const { saved_snippet_id: id } = await asUser(MEMBER, 'POST', '/saved_snippets', {
      title: 'Hello',
      content: 'Hi there',
    });
    await open(page, MEMBER, 'Saved snippets');
    await page.getByRole('button', { name: 'Edit snippet Hello' }).click();
    await asUser(MEMBER, 'DELETE', `/saved_snippets/${id as number}`);
    await expect(page.getByRole('alert')).toContainText(
      'The snippet “Hello” no longer exists: someone else deleted it.',
    );
  });
});

test.describe('channel folders', () => {
  const list = (page: Page) => page.locator('ul.folders > li');

  for (const [who, role] of [
    ['an owner', OWNER],
    ['an administrator', ADMIN],
  ] as const) {
    test(`${who} renames, describes and reorders folders`, async ({ page }) => {
      await asUser(ADMIN, 'POST', '/channel_folders/create', { name: 'Design', description: '' });
      await open(page, role, 'Channel folders');
      await expect.poll(() => names(list(page))).toEqual(['Engineering', 'Design']);

      await page.getByRole('button', { name: 'Edit Design' }).click();
      await page.getByLabel('Folder name').fill('Product design');
      await page.getByLabel('Folder description').fill('Screens and flows');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(status(page)).toContainText('Folder “Product design” saved.');
      await expect(list(page).nth(1)).toContainText('Screens and flows');

      await page.getByRole('button', { name: 'Move Product design up' }).click();
      await expect.poll(() => names(list(page))).toEqual(['Product design', 'Engineering']);
      expect([...server.state.channelFolders.values()].map((f) => f.name)).toEqual([
        'Product design',
        'Engineering',
      ]);
    });
  }

  test('another administrator’s reorder arrives as an event', async ({ page }) => {
    const { channel_folder_id: design } = await asUser(ADMIN, 'POST', '/channel_folders/create', {
      name: 'Design',
      description: '',
    });
    await open(page, OWNER, 'Channel folders');
    await expect.poll(() => names(list(page))).toEqual(['Engineering', 'Design']);
    const [engineering] = server.state.channelFolders.keys();
    await asUser(ADMIN, 'PATCH', '/channel_folders', { order: [design, engineering] });
    await expect.poll(() => names(list(page))).toEqual(['Design', 'Engineering']);
  });

  test('a member does not see the panel, and the server refuses a member anyway', async ({
    page,
  }) => {
    await open(page, MEMBER);
    await expect(
      page.getByRole('navigation', { name: 'Admin panels' }).getByRole('button', {
        name: 'Channel folders',
      }),
    ).toHaveCount(0);
    const ids = [...server.state.channelFolders.keys()];
    await expect(asUser(MEMBER, 'PATCH', '/channel_folders', { order: ids })).rejects.toThrow(
      'UNAUTHORIZED_PRINCIPAL',
    );
  });
});
