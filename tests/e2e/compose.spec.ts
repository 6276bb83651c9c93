/**
 * Compose that starts conversations, end to end in Chromium against browser mode and the
 * reference server: the recipient picker (a channel and a new topic with topic completion, a
 * direct message by name, a group by email), completion while typing, the preview, the Drafts
 * view, the notice for a message sent elsewhere, enter_sends both ways, a network failure that
 * keeps the draft, and two defects compose once had (`dm:<id>` with nothing loaded, and
 * `dm:<email>`).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { narrowBox, narrowTo } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();

const { byEmail: user, record, channelId, postTo: post } = suite;
/** The newest message the server holds (a blank one before any). */
const newest = (): Partial<StoredMessage> => suite.m.store.get(suite.m.store.maxId) ?? {};
/** Signs the owner in (through `serverUrl` if given) and shows all messages. */
const openMessages = (page: Page, serverUrl?: string) =>
  suite.openAll(page, user('owner'), serverUrl);

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const box = (page: Page) => compose(page).getByRole('textbox', { name: 'Message' });
const option = (scope: Locator, name: string | RegExp) => scope.getByRole('option', { name });

/** Picks a channel and types a topic in the picker. */
async function pickChannel(page: Page, channel: string, topic: string) {
  const c = compose(page);
  await c.getByRole('button', { name: 'Channel', exact: true }).click();
  await c.getByRole('combobox', { name: 'Channel' }).fill(channel.slice(0, 3));
  await option(c, new RegExp(`^#${channel}`)).click();
  await c.getByRole('combobox', { name: 'Topic' }).fill(topic);
}

test('a new topic in a channel, with the channel’s existing topics completed', async ({ page }) => {
  post(user('member'), 'general', 'deploy plans', 'when?');
  await openMessages(page);
  const c = compose(page);
  await c.getByRole('combobox', { name: 'Channel' }).fill('gen');
  // Enter takes the suggestion the user sees; before the directory has loaded there is none.
  await expect(option(c, /^#general/)).toBeVisible();
  await c.getByRole('combobox', { name: 'Channel' }).press('Enter');
  const topic = c.getByRole('combobox', { name: 'Topic' });
  await topic.fill('dep');
  await expect(c.getByRole('listbox', { name: 'Topic suggestions' })).toBeVisible();
  await topic.press('Enter');
  await expect(topic).toHaveValue('deploy plans');
  await topic.fill('brand new topic');
  await box(page).fill('First words here');
  await box(page).press('Control+Enter');
  await expect(box(page)).toHaveValue('');
  await expect.poll(() => newest().content).toBe('First words here');
  expect(newest()).toMatchObject({ stream_id: channelId('general'), topic: 'brand new topic' });
});

test('a direct message to one person picked by name', async ({ page }) => {
  await openMessages(page);
  const c = compose(page);
  await c.getByRole('button', { name: 'Direct message' }).click();
  await c.getByRole('combobox', { name: 'Add a person' }).fill('Mel');
  await option(c, /^Mel Member/).click();
  await expect(c.getByRole('list', { name: 'People' })).toHaveText(/Mel Member/);
  await box(page).fill('hello Mel');
  await c.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => newest().content).toBe('hello Mel');
  expect(newest().dm_user_ids).toEqual(
    [user('owner').user_id, user('member').user_id].sort((a, b) => a - b),
  );
});

test('a group direct message to people picked by email', async ({ page }) => {
  await openMessages(page);
  const c = compose(page);
  await c.getByRole('button', { name: 'Direct message' }).click();
  const people = c.getByRole('combobox', { name: 'Add a person' });
  await people.fill('member2@perch');
  await expect(option(c, /^Max Member/)).toBeVisible();
  await people.press('Enter');
  await people.fill('admin@perch.test');
  await expect(option(c, /^Ada Admin/)).toBeVisible();
  await people.press('Tab');
  await expect(c.getByRole('list', { name: 'People' }).getByRole('listitem')).toHaveText([
    /Max Member/,
    /Ada Admin/,
  ]);
  await box(page).fill('the three of us');
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().content).toBe('the three of us');
  expect(newest().dm_user_ids).toEqual(
    [user('owner'), user('member2'), user('admin')].map((u) => u.user_id).sort((a, b) => a - b),
  );
});

test('reading does not load the emoji data; the compose box taking focus does', async ({
  page,
}) => {
  // Emojibase's catalog (about 600 kB of JSON, a few MB once parsed) is only for choosing
  // emoji: the picker and completion. Emoji in messages draw from the picture list alone.
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  const catalogChunk = () => fetched.filter((p) => /\/compact-[^/]*\.js$/.test(p));
  post(user('member'), 'general', 'reading', 'hello :octopus:');
  await openMessages(page);
  await narrowTo(page, 'channel:general topic:reading');
  await expect(page.locator('article').getByRole('img', { name: 'octopus' })).toBeVisible();
  await expect.poll(() => fetched.some((p) => /emoji-image-names/.test(p))).toBe(true);
  expect(catalogChunk()).toEqual([]);

  await box(page).focus();
  await expect.poll(catalogChunk).toHaveLength(1);
  await box(page).pressSequentially('see :octo');
  const list = compose(page).getByRole('listbox', { name: 'Suggestions' });
  await expect(option(list, /^:octopus:/).locator('img')).toHaveAttribute('src', /1f419\.png$/);
});

test('completion offers people, silent mentions, groups, wildcards, channels, topics and emoji', async ({
  page,
}) => {
  post(user('member'), 'general', 'deploy plans', 'when?');
  await openMessages(page);
  await narrowTo(page, 'channel:general topic:"deploy plans"');
  const input = box(page);
  const list = compose(page).getByRole('listbox', { name: 'Suggestions' });
  const complete = async (typed: string, pick: RegExp, key: 'Enter' | 'Tab' = 'Tab') => {
    await input.fill('');
    await input.pressSequentially(typed);
    await expect(option(list, pick)).toBeVisible();
    await expect(input).toHaveAttribute('aria-activedescendant', /-0$/);
    await input.press(key);
  };
  await complete('hi @mel', /^Mel Member/);
  await expect(input).toHaveValue('hi @**Mel Member** ');
  await complete('@_max', /^Max Member/, 'Enter');
  await expect(input).toHaveValue('@_**Max Member** ');
  await complete('@supp', /^support\s*Group · First line support/);
  await expect(input).toHaveValue('@*support* ');
  await complete('@al', /^@all/);
  await expect(input).toHaveValue('@**all** ');
  await complete('see #dev', /^#development/);
  await expect(input).toHaveValue('see #**development** ');
  await complete('see #**general>dep', /^deploy plans/);
  await expect(input).toHaveValue('see #**general>deploy plans** ');
  await input.fill('');
  await input.pressSequentially('yay :tada');
  // Drawn from the bundled image set, as in the picker: blank glyphs on a system without
  // an emoji font would leave the user guessing.
  await expect(option(list, /^:tada:/).locator('img')).toHaveAttribute('src', /1f389\.png$/);
  await complete('yay :tada', /^:tada:/);
  await expect(input).toHaveValue('yay :tada: ');
  // The organization's custom emoji complete too, with their own image.
  await input.fill('');
  await input.pressSequentially('so :party_p');
  const custom = option(list, /^:party_parrot:/);
  await expect(custom.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await custom.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth),
  ).toBeGreaterThan(0);
  await complete('so :party_p', /^:party_parrot:/);
  await expect(input).toHaveValue('so :party_parrot: ');
  // Arrows move through the list; Escape closes it and leaves the text alone.
  await input.fill('');
  await input.pressSequentially('@m');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await input.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(input).toHaveValue('@m');
});

test('the preview shows the message as the server renders it', async ({ page }) => {
  await openMessages(page);
  await narrowTo(page, 'channel:general topic:preview');
  await box(page).fill('**bold** and @**Mel Member** <img src=x onerror=alert(1)>');
  await compose(page).getByRole('button', { name: 'Preview' }).click();
  const preview = compose(page).getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('bold');
  await expect(preview.locator('.user-mention')).toHaveText('@Mel Member');
  await expect(preview.locator('img[onerror]')).toHaveCount(0);
  await compose(page).getByRole('button', { name: 'Edit' }).click();
  await expect(box(page)).toHaveValue(/^\*\*bold\*\*/);
});

test('the Drafts view lists unsent drafts; restore opens one, delete asks first', async ({
  page,
}) => {
  post(user('member'), 'general', 'alpha', 'a');
  post(user('member'), 'general', 'beta', 'b');
  await openMessages(page);
  await narrowTo(page, 'channel:general topic:alpha');
  await box(page).fill('alpha draft');
  await narrowTo(page, 'channel:general topic:beta');
  await box(page).fill('beta draft');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: 'Drafts, 2' }).click();
  const drafts = page.getByRole('region', { name: 'Drafts' });
  await expect(drafts.getByRole('listitem')).toHaveCount(2);

  await drafts.getByRole('button', { name: 'Delete the draft to #general > beta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('beta draft');
  await dialog.getByRole('button', { name: 'Delete draft' }).click();
  await expect(drafts.getByRole('listitem')).toHaveCount(1);

  await drafts
    .getByRole('listitem', { name: 'Draft to #general > alpha' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:alpha');
  await expect(box(page)).toHaveValue('alpha draft');
});

test('a message sent to another conversation says where it went and goes there', async ({
  page,
}) => {
  await openMessages(page);
  await narrowTo(page, 'channel:development');
  await pickChannel(page, 'general', 'elsewhere');
  await box(page).fill('over there');
  await box(page).press('Control+Enter');
  const notice = compose(page).getByRole('status').filter({ hasText: 'Sent to' });
  await expect(notice).toHaveText(/Sent to #general > elsewhere\./);
  await notice.getByRole('button', { name: 'Go there' }).click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:elsewhere');
  await expect(page.getByRole('article').filter({ hasText: 'over there' })).toBeVisible();
});

test('without enter_sends Enter starts a line and Ctrl+Enter sends; with it, Enter sends', async ({
  page,
}) => {
  await openMessages(page);
  await narrowTo(page, 'channel:general topic:keys');
  await expect(box(page)).toHaveAttribute('placeholder', /Ctrl\+Enter sends/);
  await box(page).fill('one');
  await box(page).press('Enter');
  await box(page).pressSequentially('two');
  await expect(box(page)).toHaveValue('one\ntwo');
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().content).toBe('one\ntwo');

  record(user('owner')).settings['enter_sends'] = true;
  await page.reload();
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, 'channel:general topic:keys');
  await expect(box(page)).toHaveAttribute('placeholder', /Enter sends, Shift\+Enter/);
  await box(page).fill('three');
  await box(page).press('Shift+Enter');
  await box(page).pressSequentially('four');
  await box(page).press('Enter');
  await expect.poll(() => newest().content).toBe('three\nfour');
});

test('a send lost before the server is kept, said not sent once looked up, and tried again once', async ({
  page,
}) => {
  let cutting = true;
  const proxy = await startCuttingProxy(
    suite.server.url,
    ({ method, path }) => cutting && method === 'POST' && path === '/api/v1/messages',
  );
  try {
    await openMessages(page, proxy.url);
    await narrowTo(page, 'channel:general topic:flaky');
    await box(page).fill('survives the network');
    await box(page).press('Control+Enter');
    // The outbox holds the text: compose empties, the list shows it pending.
    await expect(box(page)).toHaveValue('');
    const kept = page.getByRole('list', { name: 'Messages not yet sent' });
    await expect(kept).toContainText('survives the network');
    // "Not sent" only once a look-up has shown the server does not have it.
    const alert = compose(page).getByRole('alert');
    await expect(alert).toContainText('Not sent – The server does not have it');
    await expect(kept).toContainText('Not sent');
    cutting = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(compose(page).getByText('Sent.', { exact: true })).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(kept).toHaveCount(0);
    expect(newest().content).toBe('survives the network');
  } finally {
    await proxy.close();
  }
});

test('dm:<id> with nothing loaded names the person; dm:<email> can be written to', async ({
  page,
}) => {
  await openMessages(page);
  const mel = user('member');
  await narrowTo(page, `dm:${mel.user_id}`);
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  const people = compose(page).getByRole('list', { name: 'People' });
  await expect(people).toHaveText(/Mel Member/);
  await expect(box(page)).toHaveAttribute('placeholder', /^Message Mel Member /);
  await expect(compose(page)).not.toContainText(`To ${mel.user_id}`);

  await narrowTo(page, 'dm:member2@perch.test');
  await expect(people).toHaveText(/Max Member/);
  await expect(box(page)).toBeEnabled();
  await box(page).fill('found you by email');
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().content).toBe('found you by email');
  expect(newest().dm_user_ids).toContain(user('member2').user_id);
});
