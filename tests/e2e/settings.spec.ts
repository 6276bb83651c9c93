/**
 * The user's own settings. A change made in one client (its own Core) shows in another client
 * of the same user at once, and Perch behaves by it the same moment: Enter in compose, the
 * notification for the next direct message, the view the window opens on. Each change is saved
 * at once, a refused one is put back and explained, and saved snippets are managed from
 * Settings instead of Admin.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import { MEMBER, openSettingsSection } from './support/admin.ts';
import { messageRow, narrowTo } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();
const owner = () => suite.byEmail('owner');
const newest = (): Partial<StoredMessage> => suite.m.store.get(suite.m.store.maxId) ?? {};

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const box = (page: Page) =>
  page.getByRole('form', { name: 'Compose' }).getByRole('textbox', { name: 'Message' });
const enterSends = (page: Page) => page.getByLabel('Enter sends the message');
const outcome = (page: Page, name: string) => page.getByTestId(`outcome-${name}`);

test('enter_sends changed on one device shows on the other and changes what Enter does there', async ({
  page,
  browser,
}) => {
  await suite.openAt(page, owner(), 'channel:general topic:keys');
  await openSettingsSection(page, 'Compose');
  await expect(enterSends(page)).not.toBeChecked();
  const [other] = await suite.otherClient(browser, owner(), 'channel:general topic:keys');

  await openSettingsSection(other, 'Compose');
  await enterSends(other).check();
  await expect(outcome(other, 'enter_sends')).toHaveText('Saved.');
  // The first client's Settings follow the other device's change without a reload.
  await expect(enterSends(page)).toBeChecked();

  await sections(page).getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, 'channel:general topic:keys');
  await expect(box(page)).toHaveAttribute('placeholder', /Enter sends, Shift\+Enter/);
  await box(page).fill('sent by Enter');
  await box(page).press('Enter');
  await expect.poll(() => newest().content).toBe('sent by Enter');

  // Turned off elsewhere while compose is open: Enter starts a new line from now on.
  await enterSends(other).uncheck();
  await expect(outcome(other, 'enter_sends')).toHaveText('Saved.');
  await expect(box(page)).toHaveAttribute('placeholder', /Ctrl\+Enter sends/);
  await box(page).fill('one');
  await box(page).press('Enter');
  await box(page).pressSequentially('two');
  await expect(box(page)).toHaveValue('one\ntwo');
  expect(newest().content).toBe('sent by Enter');
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().content).toBe('one\ntwo');
});

test('the window opens on the home view chosen in Settings, on another device too', async ({
  page,
  browser,
}) => {
  const current = (p: Page) => sections(p).locator('[aria-current="page"]');
  await suite.openAt(page, owner(), 'channel:general');
  const [other] = await suite.otherClient(browser, owner(), 'channel:general');
  await openSettingsSection(other, 'Preferences');
  const home = other.getByRole('combobox', { name: 'Home view' });

  for (const [choice, view] of [
    ['Recent conversations', 'Recent'],
    ['Inbox', 'Inbox'],
    ['All messages', 'Messages'],
  ] as const) {
    await home.selectOption({ label: choice });
    await expect(outcome(other, 'web_home_view')).toHaveText('Saved.');
    // The first client has the change (its Settings show it) before its window opens again.
    await openSettingsSection(page, 'Preferences');
    await expect(
      page.getByRole('combobox', { name: 'Home view' }).locator('option:checked'),
    ).toHaveText(choice);
    // A window reopened while the Core runs goes back to where it was left (Settings here,
    // docs/architecture.md "No window"); the home view is where Perch opens when started.
    await page.reload();
    await expect(current(page).first()).toHaveText('Settings');
    await suite.mode.restart();
    await page.goto(suite.mode.host.url);
    await expect(current(page)).toHaveText(view);
  }
});

test('the emoji set and reaction names changed on another device redraw the open messages', async ({
  page,
  browser,
}) => {
  const member = suite.byRole(MEMBER);
  const message = suite.post(member, 'emoji', 'party :tada: time');
  suite.m.store.get(message.id)!.reactions.push({
    emoji_name: 'tada',
    emoji_code: '1f389',
    reaction_type: 'unicode_emoji',
    user_id: member.user_id,
  });
  await suite.openAt(page, owner(), 'channel:general topic:emoji');
  const row = messageRow(page, message);
  const chip = row.getByRole('button', { name: /^tada: 1 by / });
  // The defaults: emoji as pictures, and a lightly reacted message names who reacted.
  await expect(row.locator('.msg-content')).toContainText('party 🎉 time');
  await expect(chip).toHaveText(member.full_name);
  await expect(chip.locator('img.emoji')).toHaveCount(1);

  const [other] = await suite.otherClient(browser, owner(), 'channel:general');
  await openSettingsSection(other, 'Preferences');
  await expect(other.getByText(/Plain text shows every emoji as its :name:/)).toBeVisible();
  await other.getByRole('combobox', { name: 'Emoji set' }).selectOption({ label: 'Plain text' });
  await expect(outcome(other, 'emojiset')).toHaveText('Saved.');
  await expect(row.locator('.msg-content')).toContainText('party :tada: time');
  await expect(chip).toHaveText(`:tada: ${member.full_name}`);
  await expect(row.locator('img.emoji')).toHaveCount(0);

  await other.getByLabel('Show who reacted with an emoji').uncheck();
  await expect(outcome(other, 'display_emoji_reaction_users')).toHaveText('Saved.');
  await expect(chip).toHaveText(':tada: 1');

  await other.getByRole('combobox', { name: 'Emoji set' }).selectOption({ label: 'Google' });
  await other.getByLabel('Show who reacted with an emoji').check();
  await expect(chip.locator('img.emoji')).toHaveCount(1);
  await expect(chip).toHaveText(member.full_name);
  await expect(row.locator('.msg-content')).toContainText('party 🎉 time');
});

test('emoticons turned on in Settings become emoji in the compose preview and the sent message', async ({
  page,
}) => {
  await suite.openAt(page, owner(), 'channel:general topic:emoticons');
  await openSettingsSection(page, 'Preferences');
  const convert = page.getByLabel('Convert emoticons to emoji');
  await expect(convert).not.toBeChecked();
  await expect(
    page.getByText(/the server turns emoticons into emoji: :\) and \(: smile/),
  ).toBeVisible();
  await convert.check();
  await expect(outcome(page, 'translate_emoticons')).toHaveText('Saved.');

  await sections(page).getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, 'channel:general topic:emoticons');
  const compose = page.getByRole('form', { name: 'Compose' });
  await box(page).fill('Thanks :) see `:)`');
  await compose.getByRole('button', { name: 'Preview' }).click();
  const preview = compose.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('span.emoji[title="smile"]')).toHaveText('🙂');
  await expect(preview.locator('code')).toHaveText(':)');
  await compose.getByRole('button', { name: 'Edit' }).click();
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().rendered).toContain('title="smile"');
});

test('the time zone and language are offered where the server has them and saved there', async ({
  page,
}) => {
  await suite.openAt(page, owner(), 'channel:general');
  await openSettingsSection(page, 'Preferences');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.selectOption('Asia/Tokyo');
  await expect(outcome(page, 'timezone')).toHaveText('Saved.');
  expect(suite.record(owner()).timezone).toBe('Asia/Tokyo');
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.selectOption({ label: 'Deutsch' });
  await expect(outcome(page, 'default_language')).toHaveText('Saved.');
  expect(suite.record(owner()).settings['default_language']).toBe('de');
});

test('a refused change is put back and explained next to the control', async ({ page }) => {
  await suite.openAt(page, owner(), 'channel:general');
  await openSettingsSection(page, 'Preferences');
  const size = page.getByLabel('Font size (pixels)');
  await expect(size).toHaveValue('16');
  // The server takes 12 to 24 pixels.
  await size.fill('40');
  await size.press('Enter');
  const said = outcome(page, 'web_font_size_px');
  await expect(said.getByRole('alert')).toContainText('Not saved; back to 16.');
  await expect(said.getByRole('alert')).toContainText('did not accept');
  await expect(size).toHaveValue('16');
  await said.getByText('Details').click();
  await expect(said.getByTestId('error-details')).toContainText('BAD_REQUEST');
  expect(suite.record(owner()).settings['web_font_size_px']).toBe(16);

  await size.fill('18');
  await size.press('Enter');
  await expect(said).toHaveText('Saved.');
  expect(suite.record(owner()).settings['web_font_size_px']).toBe(18);
});

test('saved snippets are managed from Settings, no longer from Admin', async ({ page }) => {
  await suite.openAt(page, owner(), 'channel:general');
  await sections(page).getByRole('button', { name: 'Admin' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: 'Users', exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: 'Saved snippets' }),
  ).toHaveCount(0);

  await openSettingsSection(page, 'Saved snippets');
  await page.getByLabel('Title').fill('Standup');
  await page.getByLabel('Content').fill('Yesterday, today, blockers');
  await page.getByRole('button', { name: 'Save snippet' }).click();
  const list = page.getByRole('list', { name: 'Saved snippets' });
  await expect(list).toContainText('Standup');
  const saved = [...suite.server.state.savedSnippets.values()];
  expect(saved.map((s) => [s.title, s.user_id])).toEqual([['Standup', owner().user_id]]);
});

test('each account on the Accounts page opens its own settings', async ({ page }) => {
  await suite.openAt(page, owner(), 'channel:general');
  await sections(page).getByRole('button', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: /^Your settings in .* as owner@perch\.test$/ }).click();
  await expect(sections(page).getByRole('button', { name: 'Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
