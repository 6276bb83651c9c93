/**
 * The message list reads like a conversation, on real reference-server data in Chromium:
 * recipient bars over each run of a conversation, date separators at the reader's midnight,
 * collapsed follow-ups of one sender, the start of history, names that narrow, search words
 * marked, and a jump to a message that shows and marks it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import {
  messageRow as row,
  narrowBox,
  openAllMessages,
  showAllMessages,
} from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, channelId, post, dm } = suite;
// Midnight is the reader's: pin the browser's zone so the days below are the page's days.
test.use({ timezoneId: 'America/New_York' });

const openAll = (page: Page) => openAllMessages(page, suite.mode, suite.server, byRole(100));
const block = (page: Page, message: StoredMessage) => page.locator(`[data-key="${message.id}"]`);

test('bars, date separators and collapsed senders group the list as a conversation', async ({
  page,
}) => {
  const mel = byRole(400);
  const ada = byRole(200);
  // 23:50 and 00:10 New York time across one midnight (04:50 and 05:10 UTC the next day).
  const evening = Date.UTC(2026, 2, 3, 4, 50) / 1000;
  const first = post(mel, 'deploy', 'starting the deploy', evening);
  const followUp = post(mel, 'deploy', 'halfway there', evening + 60);
  const other = post(ada, 'deploy', 'watching the graphs', evening + 120);
  const lunch = post(ada, 'lunch', 'who is hungry?', evening + 180);
  const direct = dm(mel, [byRole(100)], 'psst', evening + 240);
  const nextDay = post(ada, 'lunch', 'still hungry', evening + 1200);

  // Read the next year: the days are named by their dates, with the year.
  await page.clock.setFixedTime(new Date('2027-01-05T12:00:00Z'));
  await openAll(page);
  await expect(row(page, nextDay)).toBeVisible();

  await expect(block(page, first).getByTestId('date-separator')).toHaveText(
    'Monday, March 2, 2026',
  );
  await expect(block(page, first).getByTestId('recipient-bar')).toHaveText('#general › deploy');
  await expect(
    row(page, first).getByRole('button', { name: `Card of ${mel.full_name}` }),
  ).toBeVisible();
  // Mel goes on a minute later: no bar, no name, no avatar again.
  await expect(block(page, followUp).getByTestId('recipient-bar')).toHaveCount(0);
  await expect(row(page, followUp).getByRole('button', { name: /^Card of/ })).toHaveCount(0);
  await expect(row(page, followUp).locator('.avatar')).toHaveCount(0);
  // Someone else in the same conversation: their name, still no bar.
  await expect(block(page, other).getByTestId('recipient-bar')).toHaveCount(0);
  await expect(
    row(page, other).getByRole('button', { name: `Card of ${ada.full_name}` }),
  ).toBeVisible();
  await expect(block(page, lunch).getByTestId('recipient-bar')).toHaveText('#general › lunch');
  await expect(block(page, direct).getByTestId('recipient-bar')).toHaveText(
    `Direct messages with ${mel.full_name}`,
  );
  // Past New York's midnight: a separator, and the conversation named again under it.
  await expect(block(page, nextDay).getByTestId('date-separator')).toHaveText(
    'Tuesday, March 3, 2026',
  );
  await expect(block(page, nextDay).getByTestId('recipient-bar')).toHaveText('#general › lunch');
  await expect(block(page, lunch).getByTestId('date-separator')).toHaveCount(0);
});

test('separators say Today and Yesterday by the reader’s midnight, and the date without this year', async ({
  page,
}) => {
  const ada = byRole(200);
  // New York: Sunday Mar 1 12:00, Monday Mar 2 23:50, then Tuesday Mar 3 00:10.
  const sunday = post(ada, 'deploy', 'two days ago', Date.UTC(2026, 2, 1, 17, 0) / 1000);
  const monday = post(ada, 'deploy', 'late last night', Date.UTC(2026, 2, 3, 4, 50) / 1000);
  const tuesday = post(ada, 'deploy', 'just after midnight', Date.UTC(2026, 2, 3, 5, 10) / 1000);
  // Read at 00:30 on Tuesday, New York time.
  await page.clock.setFixedTime(new Date(Date.UTC(2026, 2, 3, 5, 30)));
  await openAll(page);
  await expect(row(page, tuesday)).toBeVisible();
  await expect(block(page, sunday).getByTestId('date-separator')).toHaveText('Sunday, March 1');
  await expect(block(page, monday).getByTestId('date-separator')).toHaveText('Yesterday');
  await expect(block(page, tuesday).getByTestId('date-separator')).toHaveText('Today');
});

test('the start of history shows once the oldest message is loaded', async ({ page }) => {
  const first = post(byRole(400), 'deploy', 'the very first words');
  await openAll(page);
  await narrowBox(page).fill('topic:deploy');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(block(page, first).getByTestId('history-start')).toHaveText(
    'This is the start of the history here: there is nothing older.',
  );
});

test('channel, topic, people and mentions in the list narrow', async ({ page }) => {
  const mel = byRole(400);
  const owner = byRole(100);
  const deploy = post(mel, 'deploy', `ping @**${byRole(200).full_name}**`);
  const direct = dm(mel, [owner], 'psst');
  const byAda = post(byRole(200), 'lunch', 'lunch at noon');
  await openAll(page);

  await block(page, deploy).getByRole('button', { name: 'Topic deploy in general' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
  await expect(row(page, deploy)).toHaveAttribute('aria-current', 'true');

  await block(page, deploy).getByRole('button', { name: 'Channel general' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general');
  await expect(row(page, direct)).toHaveCount(0);

  await row(page, deploy).locator('.user-mention').click();
  await expect(narrowBox(page)).toHaveValue(`sender:${byRole(200).email}`);
  await expect(row(page, byAda)).toBeVisible();
  await expect(row(page, deploy)).toHaveCount(0);

  await showAllMessages(page);
  await block(page, direct)
    .getByRole('button', { name: `Direct messages with ${mel.full_name}` })
    .click();
  await expect(narrowBox(page)).toHaveValue(`dm:${mel.email}`);
  await expect(row(page, deploy)).toHaveCount(0);
  await expect(row(page, direct)).toBeVisible();
});

test('search marks the searched words in the text only, and a result opens in its topic, marked', async ({
  page,
}) => {
  const mel = byRole(400);
  const hit = post(
    mel,
    'deploy',
    'Rollback the deploy, see [deploy notes](https://example.com/deploy)',
  );
  // Enough later talk in the topic that the result is far from the newest end.
  for (let i = 0; i < 60; i++) post(mel, 'deploy', `later line ${i}`);
  await openAll(page);
  await narrowBox(page).fill('deploy rollback');
  await page.getByRole('button', { name: 'Go' }).click();
  const marks = row(page, hit).locator('mark');
  await expect(marks).toHaveText(['Rollback', 'deploy', 'deploy']);
  // The link's address is text of an attribute, not of the message: untouched.
  await expect(row(page, hit).getByRole('link', { name: 'deploy notes' })).toHaveAttribute(
    'href',
    'https://example.com/deploy',
  );

  await block(page, hit).getByRole('button', { name: 'Topic deploy in general' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
  await expect(row(page, hit)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, hit)).toBeInViewport();
  await expect(row(page, hit).locator('mark')).toHaveCount(0);
});

test('a link to a message and a clicked notification scroll to it and mark it', async ({
  page,
}) => {
  const mel = byRole(400);
  const target = post(mel, 'deploy', 'the message linked to');
  for (let i = 0; i < 80; i++) post(mel, 'chatter', `filler ${i}`);
  const link = post(
    mel,
    'chatter',
    `[see this](${suite.server.url}/#narrow/channel/${channelId('general')}-general/topic/deploy/near/${target.id})`,
  );
  const accountId = await openAll(page);
  await row(page, link).getByRole('link', { name: 'see this' }).click();
  await expect(row(page, target)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, target)).toBeInViewport();

  await page.getByRole('button', { name: 'Preferences' }).click();
  const pinged = dm(mel, [byRole(100)], 'ping');
  suite.mode.core.reveal({
    accountId,
    messageId: pinged.id,
    narrow: [{ operator: 'dm', operand: [mel.user_id] }],
  });
  await expect(row(page, pinged)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, pinged)).toBeInViewport();
});
