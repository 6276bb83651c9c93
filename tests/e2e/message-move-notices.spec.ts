/**
 * Moving a topic with the automated notices the official apps offer. The notices come from the
 * reference server's notification bot, as messages every client sees live.
 */
import { expect, test } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { shot } from './support/shots.ts';

const suite = useMessageSuite();
const { byRole, post, openAt } = suite;

test('a move leaves a notice in the new topic by default, and in the old one when asked', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const first = post(owner, 'old-plans', 'we meet at noon').id;
  post(byRole(400), 'old-plans', 'fine by me');
  await openAt(page, owner, 'channel:general topic:old-plans');
  const [elsewhere] = await suite.otherClient(browser, byRole(400), 'channel:general');
  await expect(row(elsewhere, first)).toBeVisible();

  await (await menuItem(page, first, 'Move message or topic…')).click();
  const form = page.getByRole('form', { name: `Move message ${first}` });
  const toOld = form.getByRole('checkbox', { name: 'Send automated notice to old topic' });
  const toNew = form.getByRole('checkbox', { name: 'Send automated notice to new topic' });
  // The official apps' defaults.
  await expect(toOld).not.toBeChecked();
  await expect(toNew).toBeChecked();
  await form.getByRole('textbox', { name: 'Topic' }).fill('new-plans');
  await toOld.check();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(form, `move-form-${scheme}`);
  }
  await form.getByRole('button', { name: 'Move' }).click();

  // The other person, reading the channel, sees the messages in their new topic, and there
  // the bot's notice of where they came from.
  await expect(row(elsewhere, first).locator('.where')).toContainText('new-plans');
  const arrived = elsewhere.locator('article').filter({ hasText: 'moved here from' });
  await expect(arrived).toContainText('This topic was moved here from');
  await expect(arrived).toContainText('old-plans');
  await expect(arrived).toHaveAccessibleName(/from Notification Bot/);
  await expect(arrived.locator('.where')).toContainText('new-plans');
  // The mover is taken along to the new topic, as upstream's web app takes whoever moved a
  // whole topic; the old topic keeps the bot's notice of where everything went.
  await expect(row(page, first)).toBeVisible();
  await openAt(page, owner, 'channel:general topic:old-plans');
  const left = page.locator('article').filter({ hasText: 'This topic was moved to' });
  await expect(left).toContainText('new-plans');
  await expect(row(page, first)).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await elsewhere.emulateMedia({ colorScheme: scheme });
    await shot(elsewhere, `move-notice-${scheme}`);
  }
});

test('with both boxes cleared the move is silent', async ({ page }) => {
  const owner = byRole(100);
  const id = post(owner, 'quiet', 'nothing to announce').id;
  await openAt(page, owner, 'channel:general');
  await expect(row(page, id)).toBeVisible();

  await (await menuItem(page, id, 'Move message or topic…')).click();
  const form = page.getByRole('form', { name: `Move message ${id}` });
  await form.getByRole('textbox', { name: 'Topic' }).fill('quieter');
  await form.getByRole('checkbox', { name: 'Send automated notice to new topic' }).uncheck();
  await form.getByRole('button', { name: 'Move' }).click();
  await expect(row(page, id).locator('.where')).toContainText('quieter');
  expect(
    [...suite.m.store.channelMessageIds(suite.channelId('general'))]
      .map((m) => suite.m.store.get(m)?.content ?? '')
      .filter((c) => c.includes('moved')),
  ).toEqual([]);
});
