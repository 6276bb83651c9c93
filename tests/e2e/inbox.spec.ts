/**
 * The Inbox and Recent conversations end to end in Chromium: two reference servers (two
 * organizations of the same name, told apart by URL) and three signed-in accounts in one
 * browser-mode Core. The unified Inbox and Recent list all of them and follow new messages
 * live; each row action reaches the server; muting hides and "Show muted" shows; the
 * organization filter and the mentions-and-DMs switch; an organization out of reach stays,
 * marked.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { serverApi } from './support/server-api.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { shot, shotsAcross } from './support/shots.ts';

let north: StartedServer;
let south: StartedServer;
let mode: BrowserMode;
/** Account ids: north's member and admin, south's member. */
let ids: { northMember: string; northAdmin: string; southMember: string };

expectNoPageErrors();

const user = (s: StartedServer, local: string): ServerUser =>
  s.users.find((u) => u.email.startsWith(`${local}@`))!;

const api = (
  s: StartedServer,
  as: ServerUser,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
) => serverApi(s.url, as, method, path, params);

const post = (s: StartedServer, topic: string, content = 'hello') =>
  api(s, user(s, 'owner'), 'POST', '/messages', { type: 'stream', to: 'general', topic, content });

async function signIn(s: StartedServer, local: string): Promise<string> {
  const u = user(s, local);
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: s.url,
    email: u.email,
    apiKey: u.api_key,
  });
  if (!r.ok) throw new Error(r.error.message);
  return (r.result as { id: string }).id;
}

async function unreadOnServer(s: StartedServer, local: string, topic: string): Promise<number> {
  const r = await api(s, user(s, local), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [
      ['channel', 'general'],
      ['topic', topic],
      ['is', 'unread'],
    ],
  });
  return (r.messages as unknown[]).length;
}

test.beforeEach(async () => {
  [north, south] = await Promise.all([
    startServer({ rateLimit: false }),
    startServer({ rateLimit: false }),
  ]);
  mode = await startBrowserMode();
  await post(north, 'north lunch', `@**Mel Member** are you coming?`);
  await post(north, 'north quiet');
  await post(south, 'south deploys');
  // Each account's newest unread: the window's first screen opens (and reads) one of these.
  await post(north, 'welcome');
  await post(south, 'welcome');
  ids = {
    northMember: await signIn(north, 'member'),
    northAdmin: await signIn(north, 'admin'),
    southMember: await signIn(south, 'member'),
  };
});
test.afterEach(async () => {
  await mode.stop();
  await Promise.all([north.close(), south.close()]);
});

/**
 * Opens a section. The direct message is sent only now: sent before, it would be the
 * newest unread, which the window's first screen opens in Messages and reads.
 */
async function open(page: Page, section: 'Inbox' | 'Recent') {
  await page.goto(mode.host.url);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: section })
    .click();
  await api(north, user(north, 'owner'), 'POST', '/messages', {
    type: 'direct',
    to: [user(north, 'member').user_id],
    content: 'a word in private',
  });
}

const list = (page: Page, name: string) => page.getByRole('list', { name });
const inboxList = (page: Page) => list(page, 'Unread conversations');
const headers = (page: Page) => page.getByTestId('org-header');
const topic = (page: Page, name: string) =>
  inboxList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const orgFilter = (page: Page) => page.getByLabel('Organization');

test('Inbox and Recent show all three accounts and follow new messages live', async ({ page }) => {
  await open(page, 'Inbox');
  await expect(headers(page)).toHaveCount(3);
  // Same name on two servers: each header says its URL.
  await expect(headers(page).filter({ hasText: north.url })).toHaveCount(2);
  await expect(headers(page).filter({ hasText: south.url })).toHaveCount(1);
  await expect(topic(page, 'north lunch')).toHaveCount(2);
  await expect(topic(page, 'south deploys')).toHaveCount(1);
  await expect(
    inboxList(page).getByRole('button', { name: 'Olive Owner', exact: true }),
  ).toBeVisible();

  await post(south, 'south fresh');
  await expect(topic(page, 'south fresh')).toHaveCount(1);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await shot(page, `inbox-${colorScheme}`);
  }

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Recent' })
    .click();
  const recent = list(page, 'Recent conversations');
  await expect(
    recent.getByRole('button', { name: '#general > south fresh', exact: true }),
  ).toHaveCount(1);
  await expect(
    recent.getByRole('button', { name: '#general > north lunch', exact: true }),
  ).toHaveCount(2);
  await post(north, 'north newest', 'the newest words');
  const first = recent.getByTestId('recent-row').first();
  await expect(first).toContainText('north newest');
  await expect(first).toContainText('Olive Owner');
  // Opening a row narrows the message window to it, in that account.
  await first.getByRole('button', { name: '#general > north newest', exact: true }).click();
  await expect(page.getByRole('main')).toContainText('the newest words');
});

test('row actions reach the server; muted topics hide until "Show muted"', async ({ page }) => {
  await open(page, 'Inbox');
  await orgFilter(page).selectOption(ids.northMember);
  await expect(headers(page)).toHaveCount(1);

  await page
    .getByRole('button', { name: '#general > north quiet', exact: false })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Mute #general > north quiet' }).click();
  await expect(topic(page, 'north quiet')).toHaveCount(0);
  const member = user(north, 'member');
  const streamId = [...north.state.channels.values()].find((c) => c.name === 'general')!.stream_id;
  expect(north.state.userTopic(member.user_id, streamId, 'north quiet')?.visibility_policy).toBe(1);
  await page.getByLabel('Show muted').check();
  await expect(topic(page, 'north quiet')).toContainText('muted');
  await page.getByRole('button', { name: 'Unmute #general > north quiet' }).click();
  await expect(topic(page, 'north quiet')).not.toContainText('muted');

  await page.getByRole('button', { name: 'Follow #general > north lunch' }).click();
  await expect(topic(page, 'north lunch')).toContainText('followed');
  expect(north.state.userTopic(member.user_id, streamId, 'north lunch')?.visibility_policy).toBe(3);

  await page.getByRole('button', { name: 'Mark read: #general > north lunch' }).click();
  await expect(topic(page, 'north lunch')).toHaveCount(0);
  expect(await unreadOnServer(north, 'member', 'north lunch')).toBe(0);
  // The other account on the same server still has it unread.
  expect(await unreadOnServer(north, 'admin', 'north lunch')).toBe(1);

  await page.getByRole('button', { name: 'Mute channel #general' }).click();
  await expect.poll(() => north.state.subscription(member.user_id, streamId)?.is_muted).toBe(true);
  await expect(page.getByRole('button', { name: 'Unmute channel #general' })).toBeVisible();
});

test('a row that leaves the Inbox hands the keyboard focus to the row in its place', async ({
  page,
}) => {
  await open(page, 'Inbox');
  await orgFilter(page).selectOption(ids.northMember);
  await expect(topic(page, 'north quiet')).toHaveCount(1);
  await expect(topic(page, 'north lunch')).toHaveCount(1);
  const focusedRow = inboxList(page).locator('[data-row-focus]:focus');

  // Marked read from its own actions, by keyboard: Tab to them, Enter on "Mark read".
  await topic(page, 'north lunch').locator('[data-row-focus]').focus();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: 'Mark read: #general > north lunch' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(topic(page, 'north lunch')).toHaveCount(0);
  await expect(focusedRow).toHaveCount(1);

  // Read on another device: the queue's event removes the row under the focus.
  await topic(page, 'north quiet').locator('[data-row-focus]').focus();
  const unread = await api(north, user(north, 'member'), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [
      ['channel', 'general'],
      ['topic', 'north quiet'],
    ],
  });
  await api(north, user(north, 'member'), 'POST', '/messages/flags', {
    messages: (unread.messages as { id: number }[]).map((m) => m.id),
    op: 'add',
    flag: 'read',
  });
  await expect(topic(page, 'north quiet')).toHaveCount(0);
  await expect(focusedRow).toHaveCount(1);
  await shotsAcross(page, 'inbox-focus-after-row-left');
  await expect(focusedRow).toHaveCount(1);
  // The list's keys go on from there: Tab reaches the new row's actions.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Mark read: /);
});

test('the organization filter and the mentions-and-DMs switch', async ({ page }) => {
  await open(page, 'Inbox');
  await expect(headers(page)).toHaveCount(3);
  await orgFilter(page).selectOption(ids.southMember);
  await expect(headers(page)).toHaveCount(1);
  await expect(headers(page)).toContainText(south.url);
  await expect(topic(page, 'north lunch')).toHaveCount(0);
  await orgFilter(page).selectOption('all');
  await page.getByLabel('Only mentions and DMs').check();
  // Mel is mentioned in "north lunch" (Ada is not), and has a DM; nothing else stays.
  await expect(topic(page, 'north lunch')).toHaveCount(1);
  await expect(topic(page, 'north quiet')).toHaveCount(0);
  await expect(topic(page, 'south deploys')).toHaveCount(0);
  await expect(
    inboxList(page).getByRole('button', { name: 'Olive Owner', exact: true }),
  ).toBeVisible();
});

test('an organization out of reach stays in the Inbox with its rows marked stale', async ({
  page,
}) => {
  await open(page, 'Inbox');
  await expect(topic(page, 'south deploys')).toHaveCount(1);
  await south.close();
  const southHeader = headers(page).filter({ hasText: south.url });
  await expect(southHeader.getByTestId('org-state')).toContainText(/^Offline since /);
  await expect(southHeader.getByTestId('org-state')).toContainText('last known at');
  await expect(topic(page, 'south deploys')).toHaveCount(1);
  await expect(topic(page, 'south deploys')).toHaveClass(/stale/);
  // The others stay live.
  await expect(headers(page).filter({ hasText: north.url }).getByTestId('org-state')).toHaveCount(
    0,
  );
});
