/**
 * A second signed-in client in a second browser window sees each change live: another person's
 * reactions added and removed, their edit, and (the same person in a second window) a star,
 * which is that person's own.
 */
import { expect, test } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post, openAt } = suite;
const NARROW = 'channel:general topic:two-windows';

test('two people react to a message and take their reactions back, each seeing the other live', async ({
  page,
  browser,
}) => {
  const id = post(byRole(400), 'two-windows', 'react to this').id;
  await openAt(page, byRole(100), NARROW);
  const [mel] = await suite.otherClient(browser, byRole(400), NARROW);
  await expect(row(mel, id)).toBeVisible();

  const mine = row(page, id);
  await mine.hover();
  await mine.getByRole('button', { name: 'Add reaction' }).click();
  const picker = mine.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('octo');
  await picker.getByRole('button', { name: 'octopus', exact: true }).click();

  const theirs = row(mel, id).getByRole('button', { name: /^octopus: / });
  await expect(theirs).toHaveAccessibleName('octopus: 1 by Olive Owner');
  await theirs.click();
  const here = mine.getByRole('button', { name: /^octopus: / });
  await expect(here).toHaveAccessibleName('octopus: 2 by you, Mel Member');

  await here.click();
  await expect(theirs).toHaveAccessibleName('octopus: 1 by you');
  await theirs.click();
  await expect(here).toHaveCount(0);
});

test('an edit in one window shows in the other person’s, and a star in the same person’s second window', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const id = post(owner, 'two-windows', 'first worde').id;
  await openAt(page, owner, NARROW);
  const [mel] = await suite.otherClient(browser, byRole(400), NARROW);
  const [again] = await suite.otherClient(browser, owner, NARROW);
  await expect(row(mel, id)).toContainText('first worde');
  await expect(row(again, id)).toBeVisible();

  await (await menuItem(page, id, 'Edit message')).click();
  await page.getByRole('textbox', { name: 'Message text' }).fill('first word');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row(mel, id)).toContainText('first word');
  await expect(row(mel, id)).not.toContainText('worde');

  await (await menuItem(page, id, 'Star message')).click();
  await expect
    .poll(async () => {
      const label = await (await menuItem(again, id, /star message$/i)).textContent();
      await again.keyboard.press('Escape');
      return label?.trim();
    })
    .toBe('Unstar message');
  // Stars are per person: the other person's menu still offers to star it.
  await expect(await menuItem(mel, id, /star message$/i)).toHaveText('Star message');
});
