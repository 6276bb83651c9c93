/**
 * User groups (create, rename, describe, permissions, deactivate and reactivate) and the
 * Channels panel (create, rename, describe, privacy, folder, who can unsubscribe others,
 * archive and unarchive), end to end in Chromium against the reference server, as owner, as
 * administrator and as member.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs } from './support/admin.ts';

let mode: BrowserMode;
let server: StartedServer;

test.afterEach(async () => {
  await mode?.stop();
  await server?.close();
});

async function openPanel(page: Page, role: number, panel: string) {
  server = await startServer({ rateLimit: false });
  mode = await startBrowserMode();
  const u = server.users.find((x) => x.role === role && !x.is_bot)!;
  await openAdminAs(page, mode, { ...u, serverUrl: server.url }, panel);
  return u;
}

const main = (page: Page) => page.getByRole('main');
const group = (name: string) => [...server.state.userGroups.values()].find((g) => g.name === name);
const systemGroup = (name: string) => group(name)!.id;

/** Confirms the open dialog after checking it names the thing and the organization. */
async function confirm(page: Page, names: string, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(names);
  await expect(dialog).toContainText('Perch Demo');
  await expect(dialog).toContainText(server.url);
  await dialog.getByRole('button', { name: button }).click();
}

for (const [role, who] of [
  [OWNER, 'owner'],
  [ADMIN, 'administrator'],
] as const) {
  test(`user groups as ${who}: create, rename, set a permission, deactivate and reactivate`, async ({
    page,
  }) => {
    await openPanel(page, role, 'User groups');
    await main(page).getByLabel('New group name').fill('phones');
    await main(page).getByLabel('New group description').fill('Who answers the phone');
    await main(page)
      .getByLabel('New group members')
      .selectOption({ label: 'Mel Member (member@perch.test)' });
    await main(page).getByRole('button', { name: 'Create group' }).click();
    await expect(main(page).getByText('Created phones with 1 member.')).toBeVisible();
    const id = group('phones')!.id;
    await expect(main(page).getByLabel('Group', { exact: true })).toHaveValue(String(id));

    await main(page).getByLabel('Group name', { exact: true }).fill('helpdesk');
    await main(page).getByRole('button', { name: 'Save name and description' }).click();
    await expect(main(page).getByText('Saved the name and description.')).toBeVisible();
    expect(server.state.userGroups.get(id)!.name).toBe('helpdesk');

    await main(page)
      .getByLabel('Who can mention this group')
      .selectOption({ label: 'Administrators and owners' });
    await main(page).getByRole('button', { name: 'Save permissions' }).click();
    await expect(main(page).getByText('Saved: who can mention this group.')).toBeVisible();
    expect(server.state.userGroups.get(id)!.settings?.can_mention_group).toBe(
      systemGroup('role:administrators'),
    );

    await main(page).getByRole('button', { name: 'Deactivate helpdesk' }).click();
    await confirm(page, 'Deactivate helpdesk?', 'Deactivate group');
    await expect(main(page).getByText('helpdesk is deactivated.')).toBeVisible();
    expect(server.state.userGroups.get(id)!.deactivated).toBe(true);

    await main(page).getByRole('button', { name: 'Reactivate helpdesk' }).click();
    await expect(main(page).getByText('helpdesk is active again.')).toBeVisible();
    expect(server.state.userGroups.get(id)!.deactivated).toBe(false);
  });

  test(`channels as ${who}: create, rename, privacy, folder, removers, archive, unarchive`, async ({
    page,
  }) => {
    await openPanel(page, role, 'Channels');
    await main(page).getByLabel('New channel name').fill('design');
    await main(page).getByRole('button', { name: 'Create channel' }).click();
    await expect(main(page).getByText('Created #design')).toBeVisible();
    const table = main(page).getByRole('table', { name: 'Channels' });
    await expect(table).toContainText('#design');
    const id = server.state.channelByName('design')!.stream_id;

    await main(page).getByRole('button', { name: 'Edit #design' }).click();
    await main(page).getByLabel('Channel name', { exact: true }).fill('product design');
    await main(page)
      .getByLabel('Channel description', { exact: true })
      .fill('Sketches and reviews');
    await main(page).getByRole('button', { name: 'Save name and description' }).click();
    await expect(main(page).getByText('Saved the name and description.')).toBeVisible();
    await expect(table).toContainText('#product design');
    expect(server.state.channels.get(id)).toMatchObject({
      name: 'product design',
      description: 'Sketches and reviews',
    });

    const privacy = main(page).getByLabel('Channel privacy');
    await privacy.selectOption({
      label: 'Private: new subscribers see only messages sent after they join',
    });
    await main(page).getByRole('button', { name: 'Save who can see it' }).click();
    await expect(main(page).getByText('new subscribers see only new messages')).toBeVisible();
    expect(server.state.channels.get(id)).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    // Making it public asks, in words about its history; Cancel changes nothing.
    await privacy.selectOption({
      label: 'Public: anyone in the organization can join and read its history',
    });
    await main(page).getByRole('button', { name: 'Save who can see it' }).click();
    await expect(page.getByRole('dialog')).toContainText('read its entire message history');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(server.state.channels.get(id)!.invite_only).toBe(true);
    await main(page).getByRole('button', { name: 'Save who can see it' }).click();
    await confirm(page, 'Make #product design public?', 'Make public');
    await expect(main(page).getByText('#product design is public now.')).toBeVisible();
    expect(server.state.channels.get(id)!.invite_only).toBe(false);

    await main(page).getByLabel('Channel folder').selectOption({ label: 'Engineering' });
    await main(page).getByRole('button', { name: 'Move to folder' }).click();
    await expect(main(page).getByText('#product design is in Engineering now.')).toBeVisible();
    await expect(table.getByRole('row', { name: /product design/ })).toContainText('Engineering');

    await main(page)
      .getByLabel('Group allowed to unsubscribe others')
      .selectOption({ label: 'Moderators and above' });
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(main(page).getByText('Moderators and above.')).toBeVisible();
    expect(server.state.channels.get(id)!.can_remove_subscribers_group).toBe(
      systemGroup('role:moderators'),
    );
    // Not only roles: a team's own group can be the one allowed.
    await main(page)
      .getByLabel('Group allowed to unsubscribe others')
      .selectOption({ label: 'Members of support' });
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(main(page).getByText('Members of support.')).toBeVisible();
    expect(server.state.channels.get(id)!.can_remove_subscribers_group).toBe(group('support')!.id);

    await main(page).getByRole('button', { name: 'Archive #product design' }).click();
    await confirm(page, 'Archive #product design?', 'Archive channel');
    await expect(main(page).getByText('#product design is archived.')).toBeVisible();
    await expect(table.getByRole('row', { name: /product design/ })).toContainText('archived');
    expect(server.state.channels.get(id)!.is_archived).toBe(true);

    await main(page).getByRole('button', { name: 'Unarchive #product design' }).click();
    await expect(main(page).getByText('#product design is active again.')).toBeVisible();
    expect(server.state.channels.get(id)!.is_archived).toBe(false);
  });
}

test('member: no Channels panel; a group they do not manage is read-only; the server refuses', async ({
  page,
}) => {
  await openPanel(page, MEMBER, 'User groups');
  await expect(
    page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: 'Channels', exact: true }),
  ).toHaveCount(0);
  await main(page).getByLabel('Group', { exact: true }).selectOption({ label: 'support-leads' });
  await expect(main(page).getByTestId('group-details-readonly')).toBeVisible();
  await expect(main(page).getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'Save permissions' })).toHaveCount(0);
  await expect(main(page).getByTestId('perm-value-can_mention_group')).toHaveText(
    'Everyone, including guests',
  );
  // What the UI hides, the server refuses too, and nothing changes.
  const accounts = await mode.core.invoke('accounts.list', {});
  const accountId = (accounts as { result: { id: string }[] }).result[0]!.id;
  const refused = await mode.core.invoke('adminChannels.archive', {
    accountId,
    streamId: server.state.channelByName('general')!.stream_id,
  });
  expect(JSON.stringify(refused)).toContain('Must be an organization administrator');
  expect(server.state.channelByName('general')!.is_archived).toBe(false);
});
