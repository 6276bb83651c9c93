/**
 * Issue 13 point 3: the message list reads like a conversation, on real reference-server
 * data in Chromium: recipient bars over each run of a conversation, date separators at the
 * reader's midnight, collapsed follow-ups of one sender, the start of history, names that
 * narrow, search words marked, and a jump to a message that shows and marks it.
 */
import { expect, test, type Page } from '@playwright/test';
import { type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
let m: Messaging;
useServerAndBrowserMode((p) => {
  ({ server, mode } = p);
  m = messaging(server.ctx);
});
// Midnight is the reader's: pin the browser's zone so the days below are the page's days.
test.use({ timezoneId: 'America/New_York' });

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const channelId = (name: string) =>
  [...server.state.channels.values()].find((c) => c.name === name)!.stream_id;
const post = (
  sender: ServerUser,
  topic: string,
  content: string,
  timestamp?: number,
): StoredMessage =>
  m.send({
    sender: record(sender),
    streamId: channelId('general'),
    topic,
    content,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

async function openAll(page: Page, user = byRole(100)): Promise<string> {
  const signed = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
  return (signed.ok && (signed.result as { id: string }).id) || '';
}

const block = (page: Page, message: StoredMessage) => page.locator(`[data-key="${message.id}"]`);
const row = (page: Page, message: StoredMessage) =>
  page.locator(`article[data-message-id="${message.id}"]`);
const narrowBox = (page: Page) => page.getByRole('textbox', { name: 'Narrow' });

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
  const dm = m.send({
    sender: record(mel),
    dmUserIds: [byRole(100).user_id],
    content: 'psst',
    timestamp: evening + 240,
  });
  const nextDay = post(ada, 'lunch', 'still hungry', evening + 1200);

  await openAll(page);
  await expect(row(page, nextDay)).toBeVisible();

  await expect(block(page, first).getByTestId('date-separator')).toHaveText(
    'Monday, March 2, 2026',
  );
  await expect(block(page, first).getByTestId('recipient-bar')).toHaveText('#general › deploy');
  await expect(
    row(page, first).getByRole('button', { name: `Messages from ${mel.full_name}` }),
  ).toBeVisible();
  // Mel goes on a minute later: no bar, no name, no avatar again.
  await expect(block(page, followUp).getByTestId('recipient-bar')).toHaveCount(0);
  await expect(row(page, followUp).getByRole('button', { name: /^Messages from/ })).toHaveCount(0);
  await expect(row(page, followUp).locator('.avatar')).toHaveCount(0);
  // Someone else in the same conversation: their name, still no bar.
  await expect(block(page, other).getByTestId('recipient-bar')).toHaveCount(0);
  await expect(
    row(page, other).getByRole('button', { name: `Messages from ${ada.full_name}` }),
  ).toBeVisible();
  await expect(block(page, lunch).getByTestId('recipient-bar')).toHaveText('#general › lunch');
  await expect(block(page, dm).getByTestId('recipient-bar')).toHaveText(
    `Direct messages with ${mel.full_name}`,
  );
  // Past New York's midnight: a separator, and the conversation named again under it.
  await expect(block(page, nextDay).getByTestId('date-separator')).toHaveText(
    'Tuesday, March 3, 2026',
  );
  await expect(block(page, nextDay).getByTestId('recipient-bar')).toHaveText('#general › lunch');
  await expect(block(page, lunch).getByTestId('date-separator')).toHaveCount(0);
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
  const dm = m.send({ sender: record(mel), dmUserIds: [owner.user_id], content: 'psst' });
  const byAda = post(byRole(200), 'lunch', 'lunch at noon');
  await openAll(page);

  await block(page, deploy).getByRole('button', { name: 'Topic deploy in general' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
  await expect(row(page, deploy)).toHaveAttribute('aria-current', 'true');

  await block(page, deploy).getByRole('button', { name: 'Channel general' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general');
  await expect(row(page, dm)).toHaveCount(0);

  await row(page, deploy).locator('.user-mention').click();
  await expect(narrowBox(page)).toHaveValue(`sender:${byRole(200).email}`);
  await expect(row(page, byAda)).toBeVisible();
  await expect(row(page, deploy)).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
  await block(page, dm)
    .getByRole('button', { name: `Direct messages with ${mel.full_name}` })
    .click();
  await expect(narrowBox(page)).toHaveValue(`dm:${mel.email}`);
  await expect(row(page, deploy)).toHaveCount(0);
  await expect(row(page, dm)).toBeVisible();
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
    `[see this](${server.url}/#narrow/channel/${channelId('general')}-general/topic/deploy/near/${target.id})`,
  );
  const accountId = await openAll(page);
  await row(page, link).getByRole('link', { name: 'see this' }).click();
  await expect(row(page, target)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, target)).toBeInViewport();

  await page.getByRole('button', { name: 'Preferences' }).click();
  const pinged = m.send({ sender: record(mel), dmUserIds: [byRole(100).user_id], content: 'ping' });
  mode.core.reveal({
    accountId,
    messageId: pinged.id,
    narrow: [{ operator: 'dm', operand: [mel.user_id] }],
  });
  await expect(row(page, pinged)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, pinged)).toBeInViewport();
});
