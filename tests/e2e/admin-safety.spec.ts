/**
 * Destructive actions ask first, naming what will happen and the organization (name and URL);
 * two organizations with the same name are told apart; errors read as sentences with the
 * server's code in a details line; and two texts that used to contradict themselves. End to end
 * in Chromium against browser mode and the reference server.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs } from './support/admin.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));
expectNoPageErrors();

const byRole = (role: number, s = server) => s.users.find((u) => u.role === role && !u.is_bot)!;

async function openAdmin(page: Page, role: number, panel?: string) {
  const u = byRole(role);
  await openAdminAs(page, mode, { ...u, serverUrl: server.url }, panel);
  return u;
}

/** A call to the reference server over real HTTP, as that user. */
async function api(
  user: { email: string; api_key: string },
  method: string,
  path: string,
  form: Record<string, string>,
) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status).toBe(200);
}

/** The accounts the Core holds, asked over its own bridge. */
async function signedIn(): Promise<unknown[]> {
  const answer = await mode.core.invoke('accounts.list', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.result as unknown[];
}

const dialog = (page: Page) => page.getByRole('dialog');
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const status = (page: Page, text: string | RegExp) =>
  page.getByRole('main').getByRole('status').filter({ hasText: text });

/** The dialog names the action, the organization and its URL; Cancel or confirm. */
async function expectDialogFor(page: Page, title: string | RegExp) {
  const d = dialog(page);
  await expect(d.getByRole('heading')).toHaveText(title);
  await expect(d).toContainText('Organization: Perch Demo');
  await expect(d).toContainText(server.url);
  return d;
}

test.describe('confirmations', () => {
  test('deleting a linkifier asks first: cancel keeps it, confirm deletes it', async ({ page }) => {
    const admin = byRole(ADMIN);
    await api(admin, 'POST', '/realm/filters', {
      pattern: 'T-(?P<id>[0-9]+)',
      url_template: 'https://tracker.test/{id}',
    });
    await openAdmin(page, ADMIN, 'Linkifiers');
    const table = page.getByRole('table', { name: 'Linkifiers' });
    await expect(table).toContainText('T-(?P<id>[0-9]+)');

    await page.getByRole('button', { name: 'Delete linkifier T-(?P<id>[0-9]+)' }).click();
    const d = await expectDialogFor(page, 'Delete the linkifier for T-(?P<id>[0-9]+)?');
    await expect(d).toContainText('https://tracker.test/{id}');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(table).toContainText('T-(?P<id>[0-9]+)');
    expect(server.state.linkifiers.size).toBe(1);

    await page.getByRole('button', { name: 'Delete linkifier T-(?P<id>[0-9]+)' }).click();
    await dialog(page).getByRole('button', { name: 'Delete linkifier' }).click();
    await expect(page.getByText('No linkifiers yet.')).toBeVisible();
    expect(server.state.linkifiers.size).toBe(0);
  });

  test('deleting a snippet asks first; Escape keeps it, confirm deletes it', async ({ page }) => {
    const member = byRole(MEMBER);
    await api(member, 'POST', '/saved_snippets', { title: 'Greeting', content: 'Hello!' });
    await openAdmin(page, MEMBER, 'Saved snippets');
    await page.getByRole('button', { name: 'Delete snippet Greeting' }).click();
    await expectDialogFor(page, 'Delete the snippet “Greeting”?');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Saved snippets' })).toContainText('Greeting');
    expect(server.state.savedSnippets.size).toBe(1);

    await page.getByRole('button', { name: 'Delete snippet Greeting' }).click();
    await dialog(page).getByRole('button', { name: 'Delete snippet' }).click();
    await expect(page.getByText('No saved snippets yet.')).toBeVisible();
    expect(server.state.savedSnippets.size).toBe(0);
  });

  test('unsubscribing others asks first, naming them and the channel; unsubscribing oneself does not', async ({
    page,
  }) => {
    await openAdmin(page, ADMIN, 'Remove subscribers');
    const member = server.users.find((u) => u.email === 'member@perch.test')!;
    const channel = server.state.channelByName('development')!.stream_id;
    const subscribed = () => Boolean(server.state.subscription(member.user_id, channel));
    expect(subscribed()).toBe(true);

    await page.getByLabel('Channels', { exact: true }).fill('development');
    await page.getByLabel('Other users').check();
    await page.getByLabel('Users', { exact: true }).fill(`${member.user_id}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const d = await expectDialogFor(page, `Unsubscribe ${member.full_name} (${member.email})?`);
    await expect(d).toContainText('#development');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByTestId('unsubscribe-removed')).toHaveCount(0);
    expect(subscribed()).toBe(true);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await dialog(page).getByRole('button', { name: 'Unsubscribe them' }).click();
    await expect(page.getByTestId('unsubscribe-removed')).toHaveText('Removed: development');
    expect(subscribed()).toBe(false);

    // Oneself: no dialog, it happens at once (it can be undone by subscribing again).
    await page.getByLabel('Mine').check();
    await page.getByLabel('Channels', { exact: true }).fill('general');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-removed')).toHaveText('Removed: general');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('signing out asks first: cancel keeps the account, confirm removes it', async ({ page }) => {
    const owner = await openAdmin(page, OWNER);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Accounts' })
      .click();
    const signOut = page.getByRole('button', { name: `Sign out of Perch Demo as ${owner.email}` });
    await signOut.click();
    const d = await expectDialogFor(page, `Sign out of Perch Demo as ${owner.email}?`);
    await expect(d).toContainText('API key');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('list', { name: 'Signed-in accounts' })).toContainText(owner.email);
    expect(await signedIn()).toHaveLength(1);

    await signOut.click();
    await dialog(page).getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Signed-in accounts' })).toHaveCount(0);
    expect(await signedIn()).toHaveLength(0);
  });

  test('deactivating the organization asks once more: cancel leaves it active, confirm deactivates', async ({
    page,
  }) => {
    await openAdmin(page, OWNER, 'Deactivate organization');
    await page.getByLabel('Days before deletion').fill('21');
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    const d = await expectDialogFor(page, 'Deactivate Perch Demo?');
    await expect(d).toContainText('deleted permanently after 21 days');
    await d.getByRole('button', { name: 'Cancel' }).click();
    expect(server.state.realm.deactivated).toBe(false);
    await expect(page.getByLabel(/Type the organization's name/)).toHaveValue('Perch Demo');

    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    await dialog(page).getByRole('button', { name: 'Deactivate the organization' }).click();
    await expect(status(page, 'Perch Demo is deactivated')).toBeVisible();
    expect(server.state.realm).toMatchObject({ deactivated: true, deletion_delay_days: 21 });
  });
});

test('two organizations with the same name are told apart by URL in the selector and the deactivation panel', async ({
  page,
}) => {
  const other = await startServer({});
  try {
    const otherOwner = byRole(OWNER, other);
    await mode.core.invoke('accounts.signInWithKey', {
      serverUrl: other.url,
      email: otherOwner.email,
      apiKey: otherOwner.api_key,
    });
    const owner = await openAdmin(page, OWNER);
    const picker = page.getByRole('radiogroup', { name: 'Account to manage' });
    await expect(picker.getByRole('radio')).toHaveCount(2);
    await expect(picker).toContainText(server.url);
    await expect(picker).toContainText(other.url);
    const mine = picker.getByRole('radio', {
      name: `Perch Demo at ${server.url} as ${owner.email}`,
    });
    const theirs = picker.getByRole('radio', {
      name: `Perch Demo at ${other.url} as ${otherOwner.email}`,
    });
    await expect(picker.locator('[data-testid^="org-icon"]')).toHaveCount(2);

    await theirs.check();
    await expect(page.getByTestId('admin-current-org')).toContainText(other.url);
    await page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: 'Deactivate organization' })
      .click();
    const target = page.getByTestId('deactivation-target');
    await expect(target).toContainText(other.url);
    await expect(target).not.toContainText(server.url);
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    await expect(dialog(page)).toContainText(other.url);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    await mine.check();
    await expect(page.getByTestId('deactivation-target')).toContainText(server.url);
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    await expect(dialog(page)).toContainText(server.url);
    await dialog(page).getByRole('button', { name: 'Deactivate the organization' }).click();
    await expect(status(page, 'Perch Demo is deactivated')).toBeVisible();
    expect(server.state.realm.deactivated).toBe(true);
    expect(other.state.realm.deactivated).toBe(false);
  } finally {
    await other.close();
  }
});

test.describe('messages', () => {
  test('a refusal reads as a sentence; its code and the server’s words are in the details line', async ({
    page,
  }) => {
    await openAdmin(page, OWNER, 'Deactivate organization');
    await expect(page.getByText('at least 14 days and no maximum')).toBeVisible();
    server.state.realm.min_deletion_days = 60;
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    await dialog(page).getByRole('button', { name: 'Deactivate the organization' }).click();

    const refusal = alert(page);
    await expect(refusal.locator('.sentence')).toHaveText(
      'The server did not accept this: “Deletion delay must be at least 60 days”. Check the values and try again.',
    );
    const details = refusal.getByTestId('error-details');
    await expect(details).toBeHidden();
    await refusal.getByText('Details').click();
    await expect(details).toHaveText('BAD_REQUEST · Deletion delay must be at least 60 days.');
    // The answer sits next to the button that sent it, inside the same form.
    await expect(
      page
        .locator('form')
        .filter({ has: page.getByRole('button', { name: 'Deactivate Perch Demo' }) }),
    ).toContainText('The server did not accept this');
    expect(server.state.realm.deactivated).toBe(false);
  });

  test('a role lost since signing in is explained, with UNAUTHORIZED_PRINCIPAL in the details', async ({
    page,
  }) => {
    const admin = await openAdmin(page, ADMIN, 'Linkifiers');
    server.state.users.get(admin.user_id)!.role = MEMBER;
    await page.getByLabel('Pattern', { exact: true }).fill('X-(?P<id>[0-9]+)');
    await page.getByLabel('URL template', { exact: true }).fill('https://x.test/{id}');
    await page.getByRole('button', { name: 'Add linkifier' }).click();
    await expect(alert(page)).toContainText(
      'The linkifier was not added. Your role in this organization does not allow this',
    );
    await expect(alert(page).getByTestId('error-details')).toContainText('UNAUTHORIZED_PRINCIPAL');
  });
});

test.describe('results next to the button that sent them', () => {
  const formOf = (page: Page, button: string) =>
    page.locator('form').filter({ has: page.getByRole('button', { name: button }) });

  test('creating a channel folder answers inside the New folder form', async ({ page }) => {
    await openAdmin(page, ADMIN, 'Channel folders');
    const form = formOf(page, 'Create folder');
    await form.getByLabel('Name', { exact: true }).fill('Support');
    await form.getByRole('button', { name: 'Create folder' }).click();
    await expect(form.getByRole('status')).toHaveText('Folder “Support” created.');
  });

  test('creating a profile field answers inside the New field form', async ({ page }) => {
    await openAdmin(page, ADMIN, 'Custom profile fields');
    const form = formOf(page, 'Create field');
    await form.getByLabel('Name', { exact: true }).fill('Desk');
    await form.getByRole('button', { name: 'Create field' }).click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Field “Desk” created.' }),
    ).toBeVisible();
  });
});

test.describe('texts that agree', () => {
  test('Defaults: after Apply the “Loaded … Review the changes” note is gone', async ({ page }) => {
    await openAdmin(page, ADMIN, 'Defaults for new users');
    const exported = { user_list_style: 3 };
    await page.getByLabel('Import defaults from a file').setInputFiles({
      name: 'team.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await expect(status(page, 'Loaded team.json. Review the changes')).toBeVisible();
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(status(page, 'Saved 1 change')).toBeVisible();
    await expect(page.getByText('Review the changes before applying')).toHaveCount(0);
  });

  test('Deactivation: a demo organization’s limit and “what will happen” never contradict each other', async ({
    page,
  }) => {
    server.state.realm.demo_deletion_at = Math.floor(Date.now() / 1000) + 29.5 * 86400;
    await openAdmin(page, OWNER, 'Deactivate organization');
    await page.getByLabel('Days before deletion').fill('45');
    await expect(page.getByRole('alert').filter({ hasText: 'At most 29 days' })).toBeVisible();
    const what = page.getByLabel('What will happen');
    await expect(what).not.toContainText('45 days');
    await expect(what).toContainText('29 days');
    await expect(page.getByRole('button', { name: 'Deactivate Perch Demo' })).toBeDisabled();

    await page.getByLabel('Days before deletion').fill('12');
    await expect(page.getByRole('alert').filter({ hasText: 'At most' })).toHaveCount(0);
    await expect(what).toContainText('deleted permanently after 12 days');
  });
});
