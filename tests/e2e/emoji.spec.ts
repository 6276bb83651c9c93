/**
 * Emoji in Chromium against browser mode and the reference server. This machine's Chromium has
 * no colour emoji font, so an emoji with colour pixels proves the bundled image set draws it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { deactivateRealmEmoji } from '../../src/api/routes/realm-emoji.ts';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { shot } from './support/shots.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;

function post(sender: ServerUser, content: string): StoredMessage {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  return messaging(server.ctx).send({
    sender: server.state.users.get(sender.user_id) as UserRecord,
    streamId: general.stream_id,
    topic: 'emoji',
    content,
  });
}

/** Signs the owner in and opens the topic holding `message`; returns its row. */
async function openRow(page: Page, message: StoredMessage): Promise<Locator> {
  const owner = byRole(100);
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  return showRow(page, message);
}

async function showRow(page: Page, message: StoredMessage): Promise<Locator> {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general topic:emoji');
  await page.getByRole('button', { name: 'Go' }).click();
  const row = page.locator(`article[data-message-id="${message.id}"]`);
  await expect(row).toBeVisible();
  return row;
}

async function openPicker(row: Locator): Promise<Locator> {
  await row.hover();
  await row.getByRole('button', { name: 'Add reaction' }).click();
  return row.getByRole('dialog', { name: 'Emoji picker' });
}

const reactionsOn = (message: StoredMessage) =>
  messaging(server.ctx).store.get(message.id)!.reactions;

/** How many pixels of an element's screenshot are clearly coloured (not grey, white or black). */
async function colourPixels(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = new OffscreenCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    let coloured = 0;
    for (let i = 0; i < px.length; i += 4) {
      const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    return coloured;
  }, png);
}

test('react from the picker by searching; the reaction draws in colour with the emoji name', async ({
  page,
}) => {
  const message = post(byRole(400), 'something eight-armed');
  const row = await openRow(page, message);
  const picker = await openPicker(row);
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('octo');
  await picker.getByRole('button', { name: 'octopus', exact: true }).click();

  const reaction = row.getByRole('button', { name: 'octopus: 1 by you' });
  await expect(reaction).toHaveAttribute('aria-pressed', 'true');
  await expect(reaction).toHaveAttribute('title', ':octopus: by you');
  expect(reactionsOn(message)).toMatchObject([{ emoji_name: 'octopus', emoji_code: '1f419' }]);

  // Our build's image set, not the system, draws it: same-origin, loaded, with colour.
  const picture = reaction.locator('img.emoji');
  await expect(picture).toHaveAttribute('src', './emoji/64/1f419.png');
  await expect
    .poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBe(64);
  await expect.poll(() => colourPixels(page, picture)).toBeGreaterThan(40);
});

test('a skin tone chosen in the picker is used and remembered, and the emoji is recent', async ({
  page,
}) => {
  const message = post(byRole(400), 'hello there');
  const row = await openRow(page, message);
  let picker = await openPicker(row);
  await picker.getByRole('radio', { name: 'Medium-dark skin tone' }).click();
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('wave');
  await picker.getByRole('button', { name: 'wave_tone4', exact: true }).click();
  await expect(row.getByRole('button', { name: 'wave_tone4: 1 by you' })).toBeVisible();
  expect(reactionsOn(message)).toMatchObject([{ emoji_code: '1f44b-1f3fe' }]);

  // After a reload the tone is still chosen and the emoji is first among recently used.
  picker = await openPicker(await showRow(page, message));
  await expect(picker.getByRole('radio', { name: 'Medium-dark skin tone' })).toBeChecked();
  await expect(picker.getByRole('button', { name: 'Recently used' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    picker.getByRole('group', { name: 'Recently used' }).getByRole('button').first(),
  ).toHaveAccessibleName('wave_tone4');
});

test('custom emoji: picked by keyboard, shown as their image, and gone once deactivated', async ({
  page,
}) => {
  const message = post(byRole(400), 'party time');
  const row = await openRow(page, message);
  let picker = await openPicker(row);
  await picker.getByRole('button', { name: 'Custom emoji' }).click();
  const custom = picker.getByRole('group', { name: 'Custom emoji' });
  await expect(custom.getByRole('button')).toHaveCount(2);
  await custom.getByRole('button', { name: 'party_parrot' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(custom.getByRole('button', { name: 'perch_logo' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');

  const reaction = row.getByRole('button', { name: 'party_parrot: 1 by you' });
  await expect(reaction).toBeVisible();
  const image = reaction.locator('img');
  await expect(image).toHaveAttribute('src', new RegExp(`^${server.url}/user_avatars/`));
  await expect
    .poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth))
    .toBeGreaterThan(0);
  expect(reactionsOn(message)).toMatchObject([
    { emoji_name: 'party_parrot', reaction_type: 'realm_emoji' },
  ]);

  // Picking closed the picker (an Escape now would take the list to the home view).
  await expect(picker).toHaveCount(0);
  // Another administrator deactivates one: the picker opened again stops offering it.
  const admin = byRole(200);
  const client = new ApiClient({ realmUrl: server.url, email: admin.email, apiKey: admin.api_key });
  try {
    await deactivateRealmEmoji(client, 'perch_logo');
  } finally {
    await client.close();
  }
  picker = await openPicker(row);
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('perch');
  await expect(picker.getByText('No emoji named “perch”.')).toBeVisible();
  // The reaction already made with a custom emoji keeps its picture.
  await expect(image).toBeVisible();
});

test('the service’s :zulip: emoji and a custom emoji show as loaded pictures in a message and a reaction', async ({
  page,
}) => {
  const message = post(byRole(400), 'Ship it :zulip: :party_parrot: :cat:');
  message.reactions.push({
    emoji_name: 'zulip',
    emoji_code: 'zulip',
    reaction_type: 'service_extra_emoji',
    user_id: byRole(400).user_id,
  });
  const row = await openRow(page, message);
  const content = row.locator('.msg-content');
  for (const name of ['zulip', 'party_parrot']) {
    const picture = content.locator(`img.emoji[alt=":${name}:"]`);
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
  }
  // :cat: is the whole cat, as upstream names it.
  await expect(content.locator('.emoji-1f408')).toBeVisible();

  const reaction = row.getByRole('button', { name: /^zulip: 1/ });
  const picture = reaction.locator('img.emoji');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBeGreaterThan(0);

  for (const theme of ['light', 'dark'])
    for (const width of [760, 1280]) {
      await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
      await page.setViewportSize({ width, height: 800 });
      await expect(row).toBeInViewport();
      await shot(page, `service-emoji-${theme}-${width}`);
    }
});
