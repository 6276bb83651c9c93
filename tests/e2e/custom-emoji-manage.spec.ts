/**
 * Custom emoji added from Perch (Admin › Custom emoji), used in a reaction, removed after
 * confirming; one added elsewhere shows in an open picker without a reload; a user the
 * organization does not let add one is told so in words.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { uploadRealmEmoji } from '../../src/api/routes/realm-emoji.ts';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { openAdminAs, openAdminPanel } from './support/admin.ts';
import { TINY_PNG as PNG } from './support/images.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import type { BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const asUser = (u: ServerUser) => ({ serverUrl: server.url, email: u.email, api_key: u.api_key });

function post(content: string): number {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  return messaging(server.ctx).send({
    sender: server.state.users.get(byRole(400).user_id) as UserRecord,
    streamId: general.stream_id,
    topic: 'emoji',
    content,
  }).id;
}

async function openTopicPicker(page: Page, id: number) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Messages' })
    .click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general topic:emoji');
  await page.getByRole('button', { name: 'Go' }).click();
  const row = page.locator(`article[data-message-id="${id}"]`);
  await row.hover();
  await row.getByRole('button', { name: 'Add reaction' }).click();
  return { row, picker: row.getByRole('dialog', { name: 'Emoji picker' }) };
}

test('add an emoji on the Custom emoji page, react with it, remove it after confirming', async ({
  page,
}) => {
  const id = post('ship it?');
  const owner = byRole(100);
  await openAdminAs(page, mode, asUser(owner), 'Custom emoji');
  const form = page.getByRole('form', { name: 'Add custom emoji' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Ship It');
  await expect(form.getByText('Used as :ship_it:.')).toBeVisible();
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 's.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Add custom emoji' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added :ship_it:.' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Custom emoji' }).getByRole('listitem', {
    name: ':ship_it:',
  });
  await expect(listed).toContainText(owner.full_name);
  await expect(listed.getByRole('img', { name: 'ship_it' })).toBeVisible();

  const { row, picker } = await openTopicPicker(page, id);
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('ship');
  await picker.getByRole('button', { name: 'ship_it', exact: true }).click();
  await expect(row.getByRole('button', { name: 'ship_it: 1 by you' })).toBeVisible();

  await openAdminPanel(page, 'Custom emoji');
  await listed.getByRole('button', { name: 'Remove :ship_it:' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the custom emoji :ship_it:?' });
  await expect(dialog).toContainText(server.state.realm.name);
  await dialog.getByRole('button', { name: 'Remove emoji' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed :ship_it:.' })).toBeVisible();
  await expect(listed).toHaveCount(0);
  expect([...server.state.realmEmoji.values()].find((e) => e.name === 'ship_it')?.deactivated).toBe(
    true,
  );
});

test('an emoji another user adds shows in the open picker; a user not allowed is told why', async ({
  page,
}) => {
  const id = post('anything new?');
  const member = byRole(400);
  await openAdminAs(page, mode, asUser(member));
  const { picker } = await openTopicPicker(page, id);
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('rocket_cat');
  await expect(picker.getByText('No emoji named “rocket_cat”.')).toBeVisible();

  const admin = byRole(200);
  const client = new ApiClient({ realmUrl: server.url, email: admin.email, apiKey: admin.api_key });
  try {
    await uploadRealmEmoji(client, 'rocket_cat', { name: 'r.png', type: 'image/png', bytes: PNG });
  } finally {
    await client.close();
  }
  await expect(picker.getByRole('button', { name: 'rocket_cat', exact: true })).toBeVisible();

  // The organization narrows who may add custom emoji to administrators.
  server.state.realm.can_add_custom_emoji_group =
    server.state.systemGroup('role:administrators')!.id;
  await page.keyboard.press('Escape');
  await openAdminPanel(page, 'Custom emoji');
  const form = page.getByRole('form', { name: 'Add custom emoji' });
  await form.getByRole('textbox', { name: 'Name' }).fill('mine');
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 'm.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Add custom emoji' }).click();
  await expect(page.getByRole('alert')).toContainText('The emoji was not added');
  await expect(page.getByRole('alert')).toContainText('Insufficient permission');
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('mine');
});

test('a name the picker does not know is added from it and reacted with at once', async ({
  page,
}) => {
  const id = post('our mascot?');
  await openAdminAs(page, mode, asUser(byRole(400)));
  const { row, picker } = await openTopicPicker(page, id);
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('team_cat');
  await picker.getByRole('button', { name: 'Add :team_cat: as a custom emoji' }).click();
  const form = picker.getByRole('form', { name: 'Add custom emoji' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('team_cat');
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Add custom emoji' }).click();
  await picker.getByRole('button', { name: 'team_cat', exact: true }).click();
  await expect(row.getByRole('button', { name: 'team_cat: 1 by you' })).toBeVisible();
});
