/**
 * A daily reader's first week, end to end against the reference server in Chromium: the
 * keyboard never lands in a field the reader did not choose (docs/focus.md), a search after
 * a conversation opened from Recent starts at the newest message, a resolved topic takes the
 * reader along, the reader's clock and home view are followed, and the small defects seen on
 * the same day stay fixed.
 */
import { expect, test, type Page } from '@playwright/test';
import { messageRow as row, narrowBox, narrowTo, sidebarButton } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';

test.use({ timezoneId: 'UTC' });

const suite = useMessageSuite();
const { byRole, post, dm, record } = suite;
const feed = (page: Page) => page.getByRole('log', { name: 'Messages' });
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const recentList = (page: Page) => page.getByRole('list', { name: 'Recent conversations' });
const inboxList = (page: Page) => page.getByRole('list', { name: 'Unread conversations' });
const topicBox = (page: Page) => page.getByRole('combobox', { name: 'Topic' });
const goneBanner = (page: Page) => page.getByText('That message is gone or hidden from you');

test('the keyboard leaves every field with Esc, a search hands the list the focus, c works in a DM', async ({
  page,
}) => {
  const mel = byRole(400);
  const owner = byRole(100);
  post(mel, 'deploy', 'deploy one');
  const second = post(mel, 'deploy', 'deploy two');
  dm(mel, [owner], 'psst');
  await suite.openAll(page);

  // "/" goes to the narrow box; Enter runs the search and the list takes the keys.
  await page.keyboard.press('/');
  await expect(narrowBox(page)).toBeFocused();
  await page.keyboard.type('channel:general');
  await page.keyboard.press('Enter');
  await expect(feed(page)).toBeFocused();
  await expect(row(page, second)).toBeVisible();
  await page.keyboard.press('k');
  await expect(row(page, second)).toHaveAttribute('aria-current', 'true');
  await expect(narrowBox(page)).toHaveValue('channel:general');

  // Esc in the box leaves it, what was typed kept out of the list's way.
  await page.keyboard.press('/');
  await expect(narrowBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(feed(page)).toBeFocused();

  // c: a new topic; the first Esc closes the topic suggestions, the second leaves compose,
  // and the reader's next key is a shortcut again, not a topic.
  await page.keyboard.press('c');
  await expect(topicBox(page)).toBeFocused();
  const suggestions = page.getByRole('listbox', { name: 'Topic suggestions' });
  await expect(suggestions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(topicBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(feed(page)).toBeFocused();
  await page.keyboard.press('r');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
  await expect(topicBox(page)).toHaveValue('deploy');
  await page.keyboard.press('Escape');
  await expect(feed(page)).toBeFocused();

  // c in a direct message: a channel message, the channel to choose first.
  await page.keyboard.press('/');
  await page.keyboard.type(`dm:${mel.email}`);
  await page.keyboard.press('Enter');
  await expect(feed(page)).toBeFocused();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.keyboard.press('c');
  const channelBox = page.getByRole('combobox', { name: 'Channel' });
  await expect(channelBox).toBeFocused();
  await expect(page.getByRole('button', { name: 'Channel', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Escape');
  if (await channelBox.evaluate((el) => el === document.activeElement)) {
    await page.keyboard.press('Escape');
  }
  await expect(feed(page)).toBeFocused();

  // Esc from the list: the home view, which is upstream's default, Inbox.
  await page.keyboard.press('Escape');
  await expect(inboxList(page)).toBeVisible();
});

test('a keyword search after opening a topic from Recent starts at the newest message', async ({
  page,
}) => {
  const mel = byRole(400);
  post(mel, 'deploy', 'the deploy is done');
  const lunch = post(mel, 'lunch', 'pizza for lunch');
  await suite.openAll(page);
  await sections(page).getByRole('button', { name: 'Recent' }).click();
  await recentList(page).getByRole('button', { name: '#general > deploy', exact: true }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
  const startAt = page.getByRole('combobox', { name: 'Start at' });
  await expect(startAt.locator('option:checked')).toHaveText('The linked message');

  await narrowBox(page).fill('pizza');
  await expect(startAt).toHaveValue('newest');
  await narrowBox(page).press('Enter');
  await expect(row(page, lunch)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(goneBanner(page)).toHaveCount(0);
});

test('resolving a topic takes the reader and compose along; a card’s DM opens the conversation', async ({
  page,
}) => {
  const mel = byRole(400);
  post(mel, 'deploy', 'first');
  const last = post(mel, 'deploy', 'second');
  await suite.openAll(page);
  await narrowTo(page, 'channel:general topic:deploy');
  await expect(row(page, last)).toBeVisible();
  await row(page, last).locator('.msg-content').click();
  await expect(topicBox(page)).toHaveValue('deploy');

  await (await menuItem(page, last.id, 'Mark topic resolved')).click();
  await expect(narrowBox(page)).toHaveValue(/topic:.*✔ deploy/);
  await expect(row(page, last)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('No messages here.')).toHaveCount(0);
  await expect(topicBox(page)).toHaveValue('✔ deploy');

  // The sender's card: "Send a direct message" switches the view with compose.
  await page
    .getByTestId('message-list')
    .getByRole('button', { name: `Card of ${mel.full_name}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Card of ${mel.full_name}` })
    .getByRole('button', { name: 'Send a direct message' })
    .click();
  await expect(narrowBox(page)).toHaveValue(`dm:${mel.email}`);
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
});

test('message times follow the 24-hour setting; the window opens on, and Esc goes to, the home view', async ({
  page,
}) => {
  const owner = byRole(100);
  const mel = byRole(400);
  record(owner).settings['twenty_four_hour_time'] = true;
  record(owner).settings['web_home_view'] = 'recent';
  const late = post(mel, 'deploy', 'late night', Date.UTC(2026, 0, 5, 23, 18) / 1000);
  const signed = await suite.mode.core.invoke('accounts.signInWithKey', {
    serverUrl: suite.server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  expect(signed.ok).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(suite.mode.host.url);
  // Opens on Recent, the reader's home view.
  await expect(recentList(page)).toBeVisible();
  await expect(sections(page).getByRole('button', { name: 'Recent' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await recentList(page).getByRole('button', { name: '#general > deploy', exact: true }).click();
  const time = row(page, late).locator('.meta time');
  await expect(time).toContainText('23:18');
  await expect(time).not.toContainText(/PM/i);

  // Esc from the list goes home: Recent.
  await feed(page).focus();
  await page.keyboard.press('Escape');
  await expect(recentList(page)).toBeVisible();
});

test('small defects: sender:me, Recent’s names, ellipsis and times, Inbox order, the menu, the CSP', async ({
  page,
}) => {
  const csp: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  const owner = byRole(100);
  const mel = byRole(400);
  const mine = post(
    owner,
    'x'.repeat(20) + ' a very long topic name that cannot fit at 760 px wide',
    'mine',
  );
  const other = post(mel, 'deploy', 'math: $$\\left( \\frac{a}{b} \\right)$$');
  dm(mel, [owner], 'psst');
  await suite.openAll(page);

  // sender:me is the reader.
  await narrowTo(page, 'sender:me');
  await expect(row(page, mine)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The message menu closes on a click elsewhere.
  await sidebarButton(page, /^All messages/).click();
  await (await menuItem(page, other.id, 'Mark topic resolved')).isVisible();
  const menu = page.getByRole('menu', { name: /^Message actions: / });
  await expect(menu).toBeVisible();
  await row(page, mine).locator('.msg-content').click();
  await expect(menu).toHaveCount(0);

  // Recent: a direct message is named by the other person only.
  await sections(page).getByRole('button', { name: 'Recent' }).click();
  const dmButton = recentList(page).getByRole('button', { name: /^Direct: / });
  await expect(dmButton).toHaveText(`Direct: ${mel.full_name}`);
  // At 760 px a long topic ends in an ellipsis inside its row.
  await page.setViewportSize({ width: 760, height: 800 });
  const name = recentList(page)
    .getByRole('button', { name: /a very long topic name/ })
    .locator('.name');
  await expect(name).toHaveCSS('text-overflow', 'ellipsis');
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The times form one column: a direct message's (one row button) where a topic's (three) is.
  const timeOf = (button: RegExp) =>
    recentList(page)
      .getByTestId('recent-row')
      .filter({ has: page.getByRole('button', { name: button }) })
      .locator('.when')
      .boundingBox();
  const dmTime = await timeOf(/^Direct: /);
  const topicTime = await timeOf(/^#general > deploy$/);
  expect(Math.abs(dmTime!.x + dmTime!.width - (topicTime!.x + topicTime!.width))).toBeLessThan(1);
  // Nothing runs past the list's right edge at 760 px.
  expect(await recentList(page).evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(
    true,
  );

  // Inbox: direct messages come before the channels.
  await page.setViewportSize({ width: 1280, height: 800 });
  // Unread ones, sent while the reader is away from the list (reading marks them read).
  post(mel, 'lunch', 'unread in a channel');
  dm(mel, [owner], 'unread in private');
  await sections(page).getByRole('button', { name: 'Inbox' }).click();
  const rows = inboxList(page).getByRole('listitem');
  await expect(rows.filter({ hasText: 'lunch' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Direct messages');
  expect(csp).toEqual([]);
});
