/**
 * The Inbox's bad input and failures in Chromium: an organization whose key the server stops
 * accepting stays in the Inbox and Recent, signed out, with its last known conversations marked
 * stale; and a mark-read asked for while it is out of reach waits, says so, and is sent when
 * the connection returns (the server then has it read, and the row leaves); so does "Mark all
 * as read", sent once when the connection returns. The organization is
 * reached through a proxy the test can cut, as a network would.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { shot, shotsAcross } from './support/shots.ts';

let server: StartedServer;
let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
let mode: BrowserMode;
let member: ServerUser;
/** While true, every request to the organization is dropped unanswered. */
let cut = false;
/** While true, only requests that change something (POST) are dropped: the long-poll lives on. */
let cutWrites = false;
/** The requests let through to the server, in order. */
const passed: { method: string; path: string }[] = [];

expectNoPageErrors();

test.beforeEach(async () => {
  cut = cutWrites = false;
  // Heartbeats every second: each one is a poll the server answers.
  server = await startServer({ rateLimit: false, heartbeatSeconds: 1 });
  passed.length = 0;
  proxy = await startCuttingProxy(server.url, (req) => {
    const dropped = cut || (cutWrites && req.method === 'POST');
    if (!dropped) passed.push(req);
    return dropped;
  });
  mode = await startBrowserMode();
  member = server.users.find((u) => u.email.startsWith('member@'))!;
  const owner = server.users.find((u) => u.email.startsWith('owner@'))!;
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  for (const topic of ['deploys', 'lunch']) {
    messaging(server.ctx).send({
      sender: server.state.users.get(owner.user_id) as UserRecord,
      streamId: general.stream_id,
      topic,
      content: `about ${topic}`,
    });
  }
});
test.afterEach(async () => {
  await mode.stop();
  await proxy.close();
  await server.close();
});

/** Opens the window, then signs in (so the first screen reads nothing), then the Inbox. */
async function openInbox(page: Page) {
  await page.goto(mode.host.url);
  await expect(page.getByRole('button', { name: 'Accounts' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: member.email,
    apiKey: member.api_key,
  });
  expect(r.ok).toBe(true);
  await page.keyboard.press('Shift+I');
  await expect(topic(page, 'deploys')).toHaveCount(1);
}

const topic = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Unread conversations' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const orgState = (page: Page) => page.getByTestId('org-header').getByTestId('org-state');

async function unreadOnServer(name: string): Promise<number> {
  const query = new URLSearchParams({
    anchor: 'newest',
    num_before: '50',
    num_after: '0',
    narrow: JSON.stringify([
      ['channel', 'general'],
      ['topic', name],
      ['is', 'unread'],
    ]),
  });
  const res = await fetch(`${server.url}/api/v1/messages?${query}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${member.email}:${member.api_key}`).toString('base64')}`,
    },
  });
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

test('a revoked key: the organization stays, signed out, its conversations stale, in Inbox and Recent', async ({
  page,
}) => {
  await openInbox(page);
  // Recent's conversations are loaded in the background once Inbox shows; seen once, they
  // are known (revoked sooner, Recent rightly says none are known yet).
  await page.keyboard.press('t');
  await expect(
    page.getByTestId('recent-row').filter({ hasText: '#general > lunch' }),
  ).toBeVisible();
  await page.keyboard.press('Shift+I');
  await expect(topic(page, 'deploys')).toHaveCount(1);
  // An administrator regenerates the member's key elsewhere.
  server.state.users.get(member.user_id)!.api_key = 'regenerated-key-0123456789abcdef';
  await mode.core.invoke('sync.reconnect', {});

  await expect(orgState(page)).toContainText('Signed out: last known at');
  await expect(topic(page, 'deploys')).toHaveClass(/stale/);
  await expect(topic(page, 'lunch')).toHaveClass(/stale/);
  await expect(topic(page, 'lunch')).toContainText('1');
  await shot(page, 'inbox-signed-out');

  await page.keyboard.press('t');
  await expect(page.getByTestId('recent-stale')).toContainText(
    'is signed out: its conversations are shown as last known',
  );
  const recentRow = page.getByTestId('recent-row').filter({ hasText: '#general > lunch' });
  await expect(recentRow).toHaveClass(/stale/);
});

test('a mark-read while out of reach waits, says so, and is sent when the connection returns', async ({
  page,
}) => {
  await openInbox(page);
  cut = true;
  await mode.core.invoke('sync.reconnect', {});
  // Named from its first failed attempt on ("Offline since 10:42"), as the Inbox says it.
  await expect(orgState(page)).toContainText(/Offline since|Out of reach/);

  await page.getByRole('button', { name: 'Mark read: #general > deploys' }).click();
  const pending = page.getByTestId('inbox-pending');
  await expect(pending).toContainText('#general > deploys: marked read when Perch Demo is back');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'inbox-out-of-reach-dark');
  // Nothing is shown as read that the server still has unread.
  await expect(topic(page, 'deploys')).toHaveCount(1);
  expect(await unreadOnServer('deploys')).toBe(1);

  cut = false;
  await mode.core.invoke('sync.reconnect', {});
  await expect(orgState(page)).toHaveCount(0);
  await expect(pending).toHaveCount(0);
  await expect(topic(page, 'deploys')).toHaveCount(0);
  expect(await unreadOnServer('deploys')).toBe(0);
  // Only what was asked: the other topic is still unread.
  expect(await unreadOnServer('lunch')).toBe(1);
  await expect(topic(page, 'lunch')).toHaveCount(1);
});

test('a mark-read that failed while the connection still looked live is sent on the next answer of the server', async ({
  page,
}) => {
  await openInbox(page);
  // A stall shorter than the heartbeat: the request fails, the queue never leaves "live".
  cutWrites = true;
  await page.getByRole('button', { name: 'Mark read: #general > deploys' }).click();
  const pending = page.getByTestId('inbox-pending');
  await expect(pending).toContainText('#general > deploys: marked read when Perch Demo is back');
  await expect(orgState(page)).toHaveCount(0);
  expect(await unreadOnServer('deploys')).toBe(1);

  cutWrites = false;
  // No reconnect is asked for: the next heartbeat the poll receives sends it.
  await expect(pending).toHaveCount(0);
  await expect(topic(page, 'deploys')).toHaveCount(0);
  expect(await unreadOnServer('deploys')).toBe(0);
  expect(await unreadOnServer('lunch')).toBe(1);
});

test('Mark all as read while out of reach waits, says so, and goes out once when the connection returns', async ({
  page,
}) => {
  await openInbox(page);
  cut = true;
  await mode.core.invoke('sync.reconnect', {});
  await expect(orgState(page)).toContainText(/Offline since|Out of reach/);

  await page.getByRole('button', { name: 'Mark all as read', exact: true }).click();
  await page
    .getByRole('dialog', { name: /Mark all messages in .* as read\?/ })
    .getByRole('button', { name: 'Mark all as read' })
    .click();
  await expect(page.getByText('Queued until Perch Demo is back.')).toBeVisible();
  const pending = page.getByTestId('inbox-pending');
  await expect(pending).toContainText('All messages: marked read when Perch Demo is back');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shotsAcross(page, 'mark-all-queued');
  await expect(topic(page, 'deploys')).toHaveCount(1);
  expect(await unreadOnServer('deploys')).toBe(1);

  cut = false;
  await mode.core.invoke('sync.reconnect', {});
  await expect(orgState(page)).toHaveCount(0);
  await expect(pending).toHaveCount(0);
  await expect(topic(page, 'deploys')).toHaveCount(0);
  await expect(topic(page, 'lunch')).toHaveCount(0);
  expect(await unreadOnServer('deploys')).toBe(0);
  expect(await unreadOnServer('lunch')).toBe(0);
  const marks = passed.filter(
    (r) => r.method === 'POST' && r.path.startsWith('/api/v1/messages/flags/narrow'),
  );
  expect(marks).toHaveLength(1);
});
