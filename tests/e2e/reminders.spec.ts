/**
 * "Remind me about this" on a message, end to end in Chromium against browser mode and the
 * reference server: a preset sets the reminder, said next to the message, and when the
 * server's clock reaches it the notification bot's direct message arrives, linking and
 * quoting the message. The server runs on a manual clock, so no test waits for the time.
 */
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../src/lib/clock.ts';
import { messageRow as row, narrowTo } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const clock = new ManualClock(Date.now());
const suite = useMessageSuite({ clock });
expectNoPageErrors();

test('a reminder set for in 20 minutes arrives from the notification bot when the time comes', async ({
  page,
}) => {
  const id = suite.post(suite.byRole(400), 'release', 'Ship it on Friday').id;
  await suite.openAt(page, suite.byRole(100), 'channel:general topic:release');

  await (await menuItem(page, id, 'Remind me about this…')).click();
  const form = page.getByRole('form', { name: `Remind me about message ${id}` });
  await form.getByRole('radio', { name: /^In 20 minutes/ }).check();
  await form.getByRole('button', { name: 'Set reminder' }).click();
  await expect(row(page, id).getByRole('status')).toHaveText(/^Reminder set for .+\.$/);

  await narrowTo(page, 'is:dm');
  const reminder = page.getByRole('article').filter({ hasText: 'You requested a reminder' });
  await expect(reminder).toHaveCount(0);
  // The server's clock stood still since the file loaded; the page chose from the real time.
  await clock.advance(Date.now() - clock.now() + 20 * 60 * 1000);
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText('Ship it on Friday');
});
