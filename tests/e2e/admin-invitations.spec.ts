/**
 * The admin console's invitations, end to end in Chromium against browser mode and the
 * reference server: the list of pending invitations and links (who, as what, until when),
 * revoke with a confirmation, resend, and bulk invitations with a result per address; as owner,
 * administrator and member (who sees only their own), and hidden from guests.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, GUEST, MEMBER, MODERATOR, OWNER, openAdminAs } from './support/admin.ts';

let mode: BrowserMode;
let server: StartedServer;

test.beforeEach(async () => {
  server = await startServer();
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode?.stop();
  await server?.close();
});

const byRole = (role: number, nth = 0) =>
  server.users.filter((u) => u.role === role && !u.is_bot)[nth]!;

async function openAs(page: Page, role: number) {
  const u = byRole(role);
  await openAdminAs(page, mode, { ...u, serverUrl: server.url }, 'Invitations');
  return u;
}

/** Sends through the server's API, as another client of the organization would. */
async function post(by: ServerUser, path: string, params: Record<string, string>) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${by.email}:${by.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await res.json()) as Record<string, unknown>;
  expect(body.result).toBe('success');
  return body;
}
const invite = (by: ServerUser, email: string, role = MEMBER) =>
  post(by, '/invites', { invitee_emails: email, stream_ids: '[]', invite_as: String(role) });

const list = (page: Page) => page.getByRole('list', { name: 'Pending invitations' });
const entry = (page: Page, text: string) =>
  list(page).getByRole('listitem').filter({ hasText: text });
const dialog = (page: Page) => page.getByTestId('confirm-dialog');
const emails = () => [...server.state.invitations.values()].map((i) => i.email).sort();

test('an owner sees every invitation and link, resends one and revokes after confirming', async ({
  page,
}) => {
  await invite(byRole(ADMIN), 'ann@perch.test');
  await invite(byRole(MEMBER), 'mia@perch.test');
  const link = (
    await post(byRole(OWNER), '/invites/multiuse', {
      invite_expires_in_minutes: 'null',
      invite_as: String(MODERATOR),
    })
  ).invite_link as string;
  await openAs(page, OWNER);

  await expect(list(page).getByRole('listitem')).toHaveCount(3);
  const ann = entry(page, 'ann@perch.test');
  await expect(ann).toContainText('Invited as member by Ada Admin');
  await expect(ann).toContainText('Expires in 10 days');
  const linkEntry = entry(page, 'Reusable link');
  await expect(linkEntry).toContainText(link);
  await expect(linkEntry).toContainText('Invited as moderator by Olive Owner');
  await expect(linkEntry).toContainText('Never expires');

  const before = [...server.state.invitations.values()].find((i) => i.email === 'mia@perch.test')!;
  before.invited -= 3600;
  const sentAt = before.invited;
  await page.getByRole('button', { name: 'Resend the invitation to mia@perch.test' }).click();
  await expect(entry(page, 'mia@perch.test').getByRole('status')).toHaveText(
    'Sent the invitation to mia@perch.test again.',
  );
  expect(before.invited).toBeGreaterThan(sentAt);

  // Cancel leaves everything as it was.
  await page.getByRole('button', { name: 'Revoke the invitation to ann@perch.test' }).click();
  await expect(dialog(page)).toContainText('Revoke the invitation to ann@perch.test?');
  await expect(dialog(page)).toContainText('Organization: Perch Demo');
  await expect(dialog(page)).toContainText(server.url);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(emails()).toEqual(['ann@perch.test', 'mia@perch.test']);

  await page.getByRole('button', { name: 'Revoke the invitation to ann@perch.test' }).click();
  await dialog(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Revoked the invitation to ann@perch.test.' }),
  ).toBeVisible();
  await expect(entry(page, 'ann@perch.test')).toHaveCount(0);
  expect(emails()).toEqual(['mia@perch.test']);

  await page.getByRole('button', { name: 'Revoke the reusable invitation link' }).click();
  await expect(dialog(page)).toContainText(link);
  await dialog(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(entry(page, 'Reusable link')).toHaveCount(0);
  expect([...server.state.multiuseInvites.values()][0]?.revoked).toBe(true);
});

test('an administrator cannot touch an owner invitation, and bulk invitations report each address', async ({
  page,
}) => {
  await invite(byRole(OWNER), 'heir@perch.test', OWNER);
  await openAs(page, ADMIN);
  const heir = entry(page, 'heir@perch.test');
  await expect(heir).toContainText('Invited as owner by Olive Owner');
  await expect(heir).toContainText(
    'Only an owner can revoke or resend an invitation to become an owner.',
  );
  await expect(heir.getByRole('button')).toHaveCount(0);

  await page
    .getByLabel('Email addresses')
    .fill(
      `Jane Doe <jane@perch.test>, kim@perch.test ${byRole(MODERATOR).email}\nformer@perch.test; oops`,
    );
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const results = page.getByRole('status', { name: 'Invitation results' });
  await expect(results).toContainText('Sent to 2 addresses; not sent to 3:');
  const row = (address: string) => results.getByRole('row', { name: address });
  await expect(row('jane@perch.test')).toContainText('Sent.');
  await expect(row('kim@perch.test')).toContainText('Sent.');
  await expect(row(byRole(MODERATOR).email)).toContainText('Not sent: already has an account.');
  await expect(row('former@perch.test')).toContainText('Not sent: this account was deactivated.');
  await expect(row('oops')).toContainText('Not sent: not an email address.');
  // The server's code is there for those who look, folded away under "Details".
  await expect(results.getByText(/INVITATION_FAILED/)).toBeHidden();
  await results.getByText('Details', { exact: true }).click();
  await expect(results.getByText(/INVITATION_FAILED/)).toBeVisible();
  // It reads as a partial success, not as an error.
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The results sit right under the button that sent them.
  const button = await page.getByRole('button', { name: 'Send invitations' }).boundingBox();
  const box = await results.boundingBox();
  expect(box!.y - (button!.y + button!.height)).toBeLessThan(40);
  expect(emails()).toEqual(['heir@perch.test', 'jane@perch.test', 'kim@perch.test']);
  await expect(entry(page, 'jane@perch.test')).toContainText('Invited as member by Ada Admin');

  // A CSV export: its email column lands in the address box.
  await page.getByLabel('Or add the addresses from a CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Email\n"Lee, Lou",lou@perch.test\nRay,ray@perch.test\n'),
  });
  await expect(page.getByText('Added 2 entries from “Email” of people.csv.')).toBeVisible();
  // What was not sent stays in the box to be fixed; the file's addresses join it.
  await expect(page.getByLabel('Email addresses')).toHaveValue(
    'oops\nlou@perch.test\nray@perch.test',
  );

  // Over the daily limit nothing is sent, and each address says why.
  server.state.realm.max_invites = server.state.invitations.size + 1;
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const refused = page.getByRole('alert', { name: 'Invitation results' });
  await expect(refused).toContainText('Not sent to any of the 3 addresses:');
  await expect(refused.getByRole('row', { name: 'lou@perch.test' })).toContainText(
    'daily invitation limit',
  );
  expect(emails()).toEqual(['heir@perch.test', 'jane@perch.test', 'kim@perch.test']);

  // Over the plan's license limit, likewise: a sentence per address, nothing sent.
  delete server.state.realm.max_invites;
  server.state.realm.license_limit = 1;
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(refused.getByRole('row', { name: 'ray@perch.test' })).toContainText(
    'Not sent: the organization has no licenses left for new users.',
  );
  await expect(refused).toContainText('not have enough unused licenses to invite 2 users');
  expect(emails()).toEqual(['heir@perch.test', 'jane@perch.test', 'kim@perch.test']);
});

test('a member sees only their own invitations; a revoke the server refuses changes nothing', async ({
  page,
}) => {
  await invite(byRole(ADMIN), 'ann@perch.test');
  await invite(byRole(MEMBER), 'mia@perch.test');
  await invite(byRole(MEMBER), 'max@perch.test');
  await openAs(page, MEMBER);
  await expect(page.getByText('The invitations you sent that nobody has used yet.')).toBeVisible();
  await expect(list(page).getByRole('listitem')).toHaveCount(2);
  await expect(entry(page, 'ann@perch.test')).toHaveCount(0);

  // Another administrator revoked it meanwhile: the server refuses, the list catches up.
  const max = [...server.state.invitations.values()].find((i) => i.email === 'max@perch.test')!;
  server.state.invitations.delete(max.id);
  await page.getByRole('button', { name: 'Revoke the invitation to max@perch.test' }).click();
  await dialog(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('alert')).toContainText('No such invitation');
  await expect(entry(page, 'max@perch.test')).toHaveCount(0);
  expect(emails()).toEqual(['ann@perch.test', 'mia@perch.test']);

  await page.getByRole('button', { name: 'Revoke the invitation to mia@perch.test' }).click();
  await dialog(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(entry(page, 'mia@perch.test')).toHaveCount(0);
  expect(emails()).toEqual(['ann@perch.test']);
});

const linkForm = (page: Page) => page.getByRole('form', { name: 'Create a reusable link' });
const links = () => [...server.state.multiuseInvites.values()];

test('an owner creates a reusable link for moderators, copies it, and finds it in the list', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await openAs(page, OWNER);
  await page.getByRole('button', { name: 'Create a reusable link…' }).click();
  const form = linkForm(page);
  await form
    .getByLabel('People who join with the link become')
    .selectOption({ label: 'Moderator' });
  await form.getByLabel('#general').check();
  await form.getByLabel('support-leads').check();
  await form.getByRole('radio', { name: /^After (?!a custom)/ }).check();
  await form.getByLabel('Expiry preset').selectOption({ label: '1 day' });
  await form.getByRole('button', { name: 'Create link' }).click();

  const created = form.getByRole('status', { name: 'New invitation link' });
  await expect(created.getByRole('textbox')).toHaveValue(/\/join\/\w+\/$/);
  const url = await created.getByRole('textbox').inputValue();
  await created.getByRole('button', { name: 'Copy link' }).click();
  await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const general = server.state.channelByName('general')!.stream_id;
  expect(links()).toEqual([
    expect.objectContaining({
      invited_by: owner.user_id,
      invite_as: MODERATOR,
      stream_ids: [general],
    }),
  ]);
  expect(links()[0]!.group_ids).toHaveLength(1);
  const listed = entry(page, 'Reusable link');
  await expect(listed).toContainText(url);
  await expect(listed).toContainText('Invited as moderator by Olive Owner');
  await expect(listed).toContainText('Expires in 24 hours');
});

test('an administrator cannot make an owner link; a member the organization does not let invite is refused', async ({
  page,
}) => {
  await openAs(page, ADMIN);
  await page.getByRole('button', { name: 'Create a reusable link…' }).click();
  const role = linkForm(page).getByLabel('People who join with the link become');
  await expect(role.getByRole('option')).toHaveText([
    'Administrator',
    'Moderator',
    'Member',
    'Guest',
  ]);
  await linkForm(page).getByRole('button', { name: 'Create link' }).click();
  await expect(linkForm(page).getByRole('status', { name: 'New invitation link' })).toBeVisible();
  expect(links().map((l) => l.invite_as)).toEqual([MEMBER]);

  await mode.stop();
  mode = await startBrowserMode();
  server.state.realm.can_invite_users_group = server.state.systemGroup('role:administrators')!.id;
  await openAs(page, MEMBER);
  await page.getByRole('button', { name: 'Create a reusable link…' }).click();
  await expect(
    linkForm(page).getByLabel('People who join with the link become').getByRole('option'),
  ).toHaveText(['Member', 'Guest']);
  await linkForm(page).getByRole('button', { name: 'Create link' }).click();
  await expect(linkForm(page).getByRole('alert')).toContainText('Insufficient permission');
  await expect(linkForm(page).getByRole('status', { name: 'New invitation link' })).toHaveCount(0);
  expect(links()).toHaveLength(1);
  await expect(page.getByText('No pending invitations or reusable links.')).toBeVisible();
});

test('a guest has no invitations panel', async ({ page }) => {
  await invite(byRole(ADMIN), 'ann@perch.test');
  await openAdminAs(page, mode, { ...byRole(GUEST), serverUrl: server.url });
  await expect(page.getByRole('navigation', { name: 'Admin panels' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: 'Invitations' }),
  ).toHaveCount(0);
  await expect(page.getByText('ann@perch.test')).toHaveCount(0);
});
