/**
 * The recipient bar carries its conversation's actions. Each one, chosen from the bar's menu in
 * the message list, reaches the reference server, and the Inbox (fed by the event queue, like
 * any other client) shows it.
 */
import { expect, test, type Page } from '@playwright/test';
import { asBackgroundWindow } from './support/background-window.ts';
import { messageRow, openAllMessages } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { shot, shotsAcross } from './support/shots.ts';

const suite = useMessageSuite();
const { byRole, post, channelId } = suite;

const barMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: `Actions on ${name}` }).first();
const inboxTopic = (page: Page, topic: string) =>
  page
    .getByRole('list', { name: 'Unread conversations' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: topic, exact: true }) });

test('mute, follow, mark read and mute the channel from a recipient bar reach the server', async ({
  page,
}) => {
  const ada = byRole(200);
  const owner = byRole(100);
  post(ada, 'deploy', 'deploy one');
  post(ada, 'deploy', 'deploy two');
  const lunch = post(ada, 'lunch', 'lunch?');
  const general = channelId('general');
  const policy = (topic: string) =>
    suite.server.state.userTopic(owner.user_id, general, topic)?.visibility_policy ?? 0;
  /** The owner's unread messages in a topic, as the server answers any client. */
  const unread = async (topic: string) => {
    const query = new URLSearchParams({
      anchor: 'newest',
      num_before: '50',
      num_after: '0',
      narrow: JSON.stringify([
        ['channel', 'general'],
        ['topic', topic],
        ['is', 'unread'],
      ]),
    });
    const res = await fetch(`${suite.server.url}/api/v1/messages?${query}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}`,
      },
    });
    return ((await res.json()) as { messages: unknown[] }).messages.length;
  };
  // Nothing on screen counts as read: the only reads are the ones the menu asks for.
  await asBackgroundWindow(page);
  await openAllMessages(page, suite.mode, suite.server, owner);
  await expect(messageRow(page, lunch)).toBeVisible();

  await barMenu(page, '#general > deploy').click();
  const menu = page.getByRole('menu', { name: 'Actions on #general > deploy' });
  await menu.getByRole('menuitem', { name: 'Mute topic' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Muted #general > deploy.' }),
  ).toBeVisible();
  await expect.poll(() => policy('deploy')).toBe(1);

  // From the keyboard: the menu opens on its first item and the arrows walk it.
  await barMenu(page, '#general > lunch').focus();
  await page.keyboard.press('Enter');
  const lunchMenu = page.getByRole('menu', { name: 'Actions on #general > lunch' });
  await expect(lunchMenu.getByRole('menuitem', { name: 'Mark as read' })).toBeFocused();
  // The topic's own items come with its state, asked for as the menu opened.
  await expect(lunchMenu.getByRole('menuitem', { name: 'Follow topic' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(lunchMenu.getByRole('menuitem', { name: 'Follow topic' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => policy('lunch')).toBe(3);
  await expect(lunchMenu).toBeHidden();
  await expect(barMenu(page, '#general > lunch')).toBeFocused();

  // The Inbox, live from the event queue, says both.
  await page.keyboard.press('Shift+I');
  await expect(inboxTopic(page, 'lunch')).toContainText('followed');
  await expect(inboxTopic(page, 'deploy')).toHaveCount(0);
  await page.getByLabel('Show muted').check();
  await expect(inboxTopic(page, 'deploy')).toContainText('muted');
  await page.getByLabel('Show muted').uncheck();

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Messages' })
    .click();
  await expect(messageRow(page, lunch)).toBeVisible();
  await barMenu(page, '#general > lunch').click();
  await page.getByRole('menuitem', { name: 'Mark as read' }).click();
  await expect.poll(() => unread('lunch')).toBe(0);
  expect(await unread('deploy')).toBe(2);

  await barMenu(page, '#general > deploy').click();
  await page.getByRole('menuitem', { name: 'Mute channel #general' }).click();
  await expect
    .poll(() => suite.server.state.subscription(owner.user_id, general)?.is_muted)
    .toBe(true);
  await barMenu(page, '#general > deploy').click();
  await expect(page.getByRole('menuitem', { name: 'Unmute channel #general' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Unmute topic' })).toBeVisible();
});

test("a direct message's bar mutes and unmutes its notifications in Perch, and says so", async ({
  page,
}) => {
  const ada = byRole(200);
  const owner = byRole(100);
  const id = suite.dm(ada, [owner], 'are you around?');
  await openAllMessages(page, suite.mode, suite.server, owner);
  await expect(messageRow(page, id)).toBeVisible();

  const trigger = page.getByRole('button', { name: new RegExp(`^Actions on .*${ada.full_name}`) });
  await trigger.first().click();
  const menu = page.getByRole('menu', { name: new RegExp(ada.full_name) });
  const mute = menu.getByRole('menuitem', { name: "Mute this conversation's notifications" });
  await expect(mute).toBeVisible();
  await shotsAcross(page, 'dm-bar-menu', { height: 700 });
  await mute.click();
  await expect(
    page.getByRole('status').filter({ hasText: `Perch will not notify you about` }),
  ).toBeVisible();
  await shot(page, 'dm-bar-muted-1280-light');

  // Undone where it was done: the same menu now offers the way back.
  await trigger.first().click();
  await menu.getByRole('menuitem', { name: "Unmute this conversation's notifications" }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Perch notifies you about' }),
  ).toBeVisible();
});

test("a bar's menu closes when the reader presses elsewhere, and another bar's menu takes its place", async ({
  page,
}) => {
  const ada = byRole(200);
  const owner = byRole(100);
  post(ada, 'deploy', 'deploy one');
  const lunch = post(ada, 'lunch', 'lunch?');
  await asBackgroundWindow(page);
  await openAllMessages(page, suite.mode, suite.server, owner);
  await expect(messageRow(page, lunch)).toBeVisible();

  const deploy = page.getByRole('menu', { name: 'Actions on #general > deploy' });
  await barMenu(page, '#general > deploy').click();
  await expect(deploy).toBeVisible();
  // A press on a message, outside the menu, closes it.
  await messageRow(page, lunch).click();
  await expect(deploy).toBeHidden();
  await expect(barMenu(page, '#general > deploy')).toHaveAttribute('aria-expanded', 'false');

  // Lunch's bar is below deploy's, so its menu opens clear of deploy's trigger.
  const lunchMenu = page.getByRole('menu', { name: 'Actions on #general > lunch' });
  await barMenu(page, '#general > lunch').click();
  await expect(lunchMenu).toBeVisible();
  await barMenu(page, '#general > deploy').click();
  await expect(deploy).toBeVisible();
  await expect(lunchMenu).toBeHidden();
  // The menu's own items are inside it: pressing one is not a press elsewhere.
  await deploy.getByRole('menuitem', { name: 'Mark as read' }).hover();
  await page.mouse.down();
  await expect(deploy).toBeVisible();
  await page.mouse.up();
});
