/**
 * Defects of the message screen, each seen as a user would see it.
 */
import { expect, test } from '@playwright/test';
import {
  messageRow,
  narrowBox,
  narrowTo,
  showAllMessages,
  sidebarButton,
} from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const { byRole, post, dm, openAll: openMessages } = useMessageSuite();

test('a message arriving in a narrow that had none shows without reopening it', async ({
  page,
}) => {
  const member = byRole(400);
  await openMessages(page);

  await narrowTo(page, 'channel:general topic:"brand new"');
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  const first = post(member, 'brand new', 'the first word in a new topic');
  await expect(messageRow(page, first)).toBeVisible();
  await expect(page.getByText('No messages here.')).toHaveCount(0);

  // A first direct message with someone the owner never wrote to.
  const stranger = byRole(400, 1);
  await narrowTo(page, `dm:${stranger.user_id}`);
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  const hello = dm(stranger, [byRole(100)], 'hello, first time writing');
  await expect(messageRow(page, hello)).toBeVisible();
});

test('sender and direct-message narrows show people by email, not by id', async ({ page }) => {
  const member = byRole(400);
  dm(member, [byRole(100)], 'a direct word');
  await openMessages(page);
  const bar = narrowBox(page);

  await page
    .getByTestId('message-list')
    .getByRole('button', { name: `Card of ${member.full_name}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Card of ${member.full_name}` })
    .getByRole('button', { name: 'View messages' })
    .click();
  await expect(bar).toHaveValue(`sender:${member.email}`);

  await sidebarButton(page, new RegExp(`^Direct messages with ${member.full_name}`)).click();
  await expect(bar).toHaveValue(`dm:${member.email}`);
  await expect(bar).not.toHaveValue(/\d+$/);
});

test("a new query's error replaces the last one's instead of joining it", async ({ page }) => {
  await openMessages(page);
  const alerts = page.getByRole('alert');

  await narrowTo(page, 'channel:no-such-channel');
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText(/channel/i);

  await narrowTo(page, 'is:sparkly');
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText('"is:sparkly" is not one of');

  // Moving on from the sidebar answers the typed query too.
  await showAllMessages(page);
  await expect(alerts).toHaveCount(0);
});
