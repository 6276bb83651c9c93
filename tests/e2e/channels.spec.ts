/**
 * The channel browser and the per-channel menu end to end in Chromium against browser mode and
 * the reference server: subscribing from the channel browser puts the channel in the Messages
 * sidebar and the Inbox; leaving a private channel is asked first and takes it out of both; a
 * channel's colour, mute and pin set from the sidebar's menu show there and survive a reload;
 * the same person's change in a second client shows live.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { signInPolling } from './support/queue-state.ts';
import { serverApi } from './support/server-api.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let server: StartedServer;
let mode: BrowserMode;

expectNoPageErrors();

const user = (local: string): ServerUser =>
  server.users.find((u) => u.email.startsWith(`${local}@`))!;

const api = (as: ServerUser, method: string, path: string, params: Record<string, unknown> = {}) =>
  serverApi(server.url, as, method, path, params);

const post = (channel: string, topic: string) =>
  api(user('owner'), 'POST', '/messages', { type: 'stream', to: channel, topic, content: 'news' });

async function signIn(m: BrowserMode, local: string): Promise<void> {
  await signInPolling(m, server.url, user(local));
}

test.beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  mode = await startBrowserMode();
});
test.afterEach(async () => {
  await mode.stop();
  await server.close();
});

async function section(page: Page, name: 'Channels' | 'Messages' | 'Inbox') {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name, exact: true })
    .click();
}
const sidebarChannel = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^Channel ${name}\\b`) });
const inboxChannel = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Unread conversations' }).getByText(`#${name}`, { exact: true });
const browserRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('listitem', { name: `Channel ${name}` });

test('subscribing from the browser adds the channel to the sidebar and the Inbox; leaving a private one is asked first and takes it out', async ({
  page,
}) => {
  await signIn(mode, 'moderator');
  await page.goto(mode.host.url);
  await section(page, 'Channels');

  const dev = browserRow(page, 'development');
  await expect(dev).toContainText('4 subscribers');
  await page.getByRole('tab', { name: /^Not subscribed/ }).click();
  await expect(browserRow(page, 'general')).toHaveCount(0);
  await page.getByLabel('Filter channels by name').fill('dev');
  await dev.getByRole('button', { name: 'Subscribe to #development' }).click();
  // Subscribed now: it leaves the "Not subscribed" list; under All it says so.
  await expect(dev).toHaveCount(0);
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(dev.getByRole('button', { name: 'Unsubscribe from #development' })).toBeVisible();
  await expect(dev).toContainText('5 subscribers');

  await section(page, 'Messages');
  await expect(sidebarChannel(page, 'development')).toBeVisible();
  // Posted once Messages (which reads what it shows) is left, so both stay unread.
  await section(page, 'Channels');
  await post('development', 'after joining');
  await post('leadership', 'board');
  await section(page, 'Inbox');
  await expect(inboxChannel(page, 'development')).toBeVisible();
  await expect(inboxChannel(page, 'leadership')).toBeVisible();

  await section(page, 'Channels');
  await page.getByLabel('Filter channels by name').fill('');
  const lead = browserRow(page, 'leadership');
  await lead.getByRole('button', { name: 'Unsubscribe from #leadership' }).click();
  const ask = page.getByRole('dialog', { name: 'Unsubscribe from #leadership?' });
  await expect(ask).toContainText('cannot see it or join it again');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(lead).toBeVisible();
  await lead.getByRole('button', { name: 'Unsubscribe from #leadership' }).click();
  await ask.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(lead).toHaveCount(0);

  await section(page, 'Messages');
  await expect(sidebarChannel(page, 'leadership')).toHaveCount(0);
  await expect(sidebarChannel(page, 'general')).toBeVisible();
  await section(page, 'Inbox');
  // Messages may have read what it showed: a new message keeps #development in the Inbox.
  await post('development', 'still subscribed');
  await expect(inboxChannel(page, 'development')).toBeVisible();
  await expect(inboxChannel(page, 'leadership')).toHaveCount(0);
});

test("colour, mute and pin from the sidebar's channel menu show in the sidebar and survive a reload; a second client's change shows live", async ({
  page,
  browser,
}) => {
  await signIn(mode, 'member');
  await page.goto(mode.host.url);
  await section(page, 'Messages');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: 'Settings for #general' }).click();
  const menu = nav.getByRole('dialog', { name: 'Settings for #general' });
  await menu.getByLabel('Colour of #general').fill('#aa3355');
  await menu.getByRole('checkbox', { name: 'Pin to top' }).check();
  await menu.getByRole('checkbox', { name: 'Mute' }).check();
  // What Default means is said beside the choice.
  await expect(menu.getByLabel('Desktop notifications for #general')).toContainText('Default (');

  const general = sidebarChannel(page, 'general');
  await expect(general).toHaveAccessibleName(/^Channel general \(muted\)/);
  await expect(general.locator('.swatch')).toHaveCSS('background-color', 'rgb(170, 51, 85)');
  await expect(nav.getByRole('heading', { name: 'Pinned' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await section(page, 'Messages');
  await expect(general).toHaveAccessibleName(/^Channel general \(muted\)/);
  await expect(general.locator('.swatch')).toHaveCSS('background-color', 'rgb(170, 51, 85)');
  await expect(nav.getByRole('heading', { name: 'Pinned' })).toBeVisible();

  // The same person in a second client (its own Core) unmutes and recolours the channel.
  const other = await startBrowserMode();
  try {
    await signIn(other, 'member');
    const second = await browser.newPage();
    await second.goto(other.host.url);
    await section(second, 'Channels');
    const row = browserRow(second, 'general');
    await row.getByRole('button', { name: 'Settings for #general' }).click();
    await row.getByRole('checkbox', { name: 'Mute' }).uncheck();
    await row.getByLabel('Colour of #general').fill('#2266cc');
    await expect(general).toHaveAccessibleName(/^Channel general(?! \(muted\))/);
    await expect(general.locator('.swatch')).toHaveCSS('background-color', 'rgb(34, 102, 204)');
    // The first client's open menu follows too.
    await nav.getByRole('button', { name: 'Settings for #general' }).click();
    await expect(menu.getByRole('checkbox', { name: 'Mute' })).not.toBeChecked();
    await second.close();
  } finally {
    await other.stop();
  }
});

test('a channel’s mute, pin, colour and notification override from the browser reach the server; Default cannot be chosen back once overridden', async ({
  page,
}) => {
  await signIn(mode, 'member');
  const member = user('member');
  const general = server.state.channelByName('general')!.stream_id;
  const sub = () => server.state.subscription(member.user_id, general)!;
  await page.goto(mode.host.url);
  await section(page, 'Channels');
  const row = browserRow(page, 'general');
  await row.getByRole('button', { name: 'Settings for #general' }).click();
  const desktop = row.getByLabel('Desktop notifications for #general');
  await expect(desktop).toHaveValue('inherit');

  await row.getByRole('checkbox', { name: 'Mute' }).check();
  await expect.poll(() => sub().is_muted).toBe(true);
  await expect(row).toContainText('muted');
  await row.getByRole('checkbox', { name: 'Pin to top' }).check();
  await expect.poll(() => sub().pin_to_top).toBe(true);
  await row.getByLabel('Colour of #general').fill('#336699');
  await expect.poll(() => sub().color).toBe('#336699');

  await desktop.selectOption('off');
  await expect.poll(() => sub().notify.desktop_notifications).toBe(false);
  await expect(desktop.locator('option[value="inherit"]')).toBeDisabled();
  await expect(row).toContainText('The server keeps an override once set');
  await expect(row.getByLabel('Sound notifications for #general')).toHaveValue('inherit');
});

/** Signs `local` in and opens the ⋯ menu of #general in the Messages sidebar. */
async function sidebarMenuOfGeneral(page: Page, local: string) {
  await signIn(mode, local);
  await page.goto(mode.host.url);
  await section(page, 'Messages');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: 'Settings for #general' }).click();
  return nav.getByRole('dialog', { name: 'Settings for #general' });
}

test('the sidebar’s channel menu opens whole and on top of the message list beside it, at 1280 and 760 px', async ({
  page,
}) => {
  await signIn(mode, 'member');
  await page.goto(mode.host.url);
  await section(page, 'Messages');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  for (const width of [1280, 760]) {
    await page.setViewportSize({ width, height: 800 });
    // Under 1000 px the sidebar waits behind its toggle.
    if (!(await nav.isVisible())) {
      await page.getByRole('button', { name: 'Channels and conversations' }).click();
    }
    await nav.getByRole('button', { name: 'Settings for #general' }).click();
    const menu = nav.getByRole('dialog', { name: 'Settings for #general' });
    await expect(menu.getByRole('checkbox', { name: 'Mute' })).toBeVisible();
    const side = (await nav.boundingBox())!;
    const box = (await menu.boundingBox())!;
    // Wider than the sidebar, it reaches over the list.
    expect(box.x + box.width).toBeGreaterThan(side.x + side.width + 100);
    // Each corner shows the menu: neither clipped at the sidebar's edge nor under the list.
    const topmost = (x: number, y: number) =>
      page.evaluate(
        ([px, py]) =>
          document
            .elementFromPoint(px!, py!)
            ?.closest('[role="dialog"]')
            ?.getAttribute('aria-label') ?? null,
        [x, y],
      );
    for (const [x, y] of [
      [box.x + 6, box.y + 6],
      [box.x + box.width - 6, box.y + 6],
      [box.x + 6, box.y + box.height - 6],
      [box.x + box.width - 6, box.y + box.height - 6],
    ]) {
      expect(await topmost(x!, y!), `the menu's point ${x}, ${y} at ${width} px`).toBe(
        'Settings for #general',
      );
    }
    // A control past the sidebar's edge takes a click (Playwright clicks only what is on top).
    await menu.getByLabel('Sound notifications for #general').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }
});

test('the channel menu in the sidebar and the Inbox unsubscribes after asking, warning where there is no way back', async ({
  page,
}) => {
  const menu = await sidebarMenuOfGeneral(page, 'moderator');
  await menu.getByRole('button', { name: 'Unsubscribe from #general' }).click();
  const ask = page.getByRole('dialog', { name: 'Unsubscribe from #general?' });
  // A public channel can be joined again, and the question says so.
  await expect(ask).toContainText('you can subscribe again from Channels');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(sidebarChannel(page, 'general')).toBeVisible();
  await menu.getByRole('button', { name: 'Unsubscribe from #general' }).click();
  await ask.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(sidebarChannel(page, 'general')).toHaveCount(0);
  await expect(sidebarChannel(page, 'leadership')).toBeVisible();

  await section(page, 'Inbox');
  // Posted while Inbox shows (Messages reads what it shows): the channel's row appears.
  await post('leadership', 'board');
  const inbox = page.getByRole('list', { name: 'Unread conversations' });
  await inbox.getByRole('button', { name: 'Settings for #leadership' }).click();
  await inbox
    .getByRole('dialog', { name: 'Settings for #leadership' })
    .getByRole('button', { name: 'Unsubscribe from #leadership' })
    .click();
  const askPrivate = page.getByRole('dialog', { name: 'Unsubscribe from #leadership?' });
  await expect(askPrivate).toContainText('cannot see it or join it again');
  await askPrivate.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(inboxChannel(page, 'leadership')).toHaveCount(0);
  const moderator = user('moderator').user_id;
  const ids = (name: string) =>
    [...server.state.channels.values()].find((c) => c.name === name)!.stream_id;
  expect(server.state.subscription(moderator, ids('leadership'))).toBeUndefined();
  expect(server.state.subscription(moderator, ids('general'))).toBeUndefined();
});

test('a channel setting the server refuses goes back to what the server holds and says why', async ({
  page,
}) => {
  const menu = await sidebarMenuOfGeneral(page, 'member');
  const mute = menu.getByRole('checkbox', { name: 'Mute' });
  await expect(mute).not.toBeChecked();

  // Another device left the channel and its event has not arrived: the server refuses.
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const key = `${user('member').user_id}:${general.stream_id}`;
  const sub = server.state.subscriptions.get(key)!;
  server.state.subscriptions.delete(key);
  await mute.check();
  const alert = menu.getByRole('alert');
  await expect(alert).toContainText('#general was not changed');
  await expect(alert).toContainText('Not subscribed to channel');
  await expect(mute).not.toBeChecked();
  await expect(mute).toBeEnabled();

  server.state.subscriptions.set(key, sub);
  await mute.check();
  await expect(alert).toHaveCount(0);
  await expect.poll(() => server.state.subscriptions.get(key)?.is_muted).toBe(true);
  await expect(mute).toBeChecked();
});
