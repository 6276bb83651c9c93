/**
 * Statuses, with two clients: a status one person sets from the top of the sidebar shows beside
 * their name in the other person's People list and direct-message list, and goes when they
 * clear it.
 */
import { expect, test, type Page } from '@playwright/test';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, dm, openAt } = suite;

const peopleRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'People' }).getByRole('listitem').filter({ hasText: name });

test('a status set by one person shows beside their name for the other, and clears', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const mel = byRole(400);
  dm(owner, [mel], 'hello Mel');
  await openAt(page, owner, 'channel:general');
  const [melPage] = await suite.otherClient(browser, mel, 'channel:general');
  await melPage.getByRole('button', { name: 'People', exact: true }).click();
  await expect(peopleRow(melPage, owner.full_name)).toBeVisible();

  await page.getByRole('button', { name: /^Your status/ }).click();
  const menu = page.getByRole('dialog', { name: 'Your status' });
  await menu.getByRole('button', { name: /In a meeting/ }).click();
  await menu.getByRole('button', { name: 'Save status' }).click();
  await expect(menu.getByRole('status')).toHaveText('Status saved.');

  const status = peopleRow(melPage, owner.full_name).getByTestId('user-status');
  await expect(status).toHaveText(/In a meeting/);
  // Its emoji is the bundled picture, drawn whatever fonts the system has.
  await expect(status.locator('img.emoji')).toHaveJSProperty('complete', true);
  expect(
    await status.locator('img.emoji').evaluate((i: HTMLImageElement) => i.naturalWidth),
  ).toBeGreaterThan(0);
  // Her own sidebar says it too, as everyone sees it.
  await expect(page.getByRole('button', { name: /^Your status/ })).toContainText('In a meeting');
  // And Mel's direct-message list, beside the conversation with her.
  await melPage.getByRole('button', { name: 'Conversations', exact: true }).click();
  const conversation = melPage
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ has: melPage.getByRole('button', { name: /^Direct messages with Olive Owner/ }) });
  await expect(conversation.getByTestId('user-status')).toHaveText(/In a meeting/);

  await menu.getByRole('button', { name: 'Clear status' }).click();
  await expect(menu.getByRole('status')).toHaveText('Status cleared.');
  await expect(conversation.getByTestId('user-status')).toHaveCount(0);
});
