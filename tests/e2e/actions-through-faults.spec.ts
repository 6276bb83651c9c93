/**
 * Issue 21 point 2 (item 8) in Chromium: star and reaction through a faulty connection. A
 * request lost on its way says so in words, with the network's own error only under
 * Details, and Try again makes the change once; a request whose answer is lost is read back
 * and reported as made ("Starred."), not as a failure. The organization is reached through a
 * proxy the test controls; the server is asked afterwards what it holds.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { messageRow, narrowTo } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let server: StartedServer;
let proxy: FaultProxy;
let mode: BrowserMode;
let member: ServerUser;

expectNoPageErrors();

test.beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  proxy = await startFaultProxy(server.url);
  mode = await startBrowserMode();
  member = server.users.find((u) => u.email.startsWith('member@'))!;
});
test.afterEach(async () => {
  await mode.stop();
  await proxy.close();
  await server.close();
});

/** The member's own message (already read: no mark-read competes with the faults). */
function ownMessage(content: string): number {
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  return messaging(server.ctx).send({
    sender: server.state.users.get(member.user_id) as UserRecord,
    streamId: general.stream_id,
    topic: 'faults',
    content,
  }).id;
}

async function open(page: Page, id: number): Promise<void> {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: proxy.url,
    email: member.email,
    apiKey: member.api_key,
  });
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, 'channel:general topic:faults');
  await expect(messageRow(page, id)).toBeVisible();
}

/** The message as the server holds it for the member. */
async function onServer(id: number): Promise<{ flags: string[]; reactions: unknown[] }> {
  const res = await fetch(`${server.url}/api/v1/messages/${id}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${member.email}:${member.api_key}`).toString('base64')}`,
    },
  });
  return ((await res.json()) as { message: { flags: string[]; reactions: unknown[] } }).message;
}

async function reactOctopus(page: Page, id: number): Promise<void> {
  const row = messageRow(page, id);
  await row.hover();
  await row.getByRole('button', { name: 'Add reaction' }).click();
  const picker = row.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('octo');
  await picker.getByRole('button', { name: 'octopus', exact: true }).click();
}

/** Applies `fault` to the writes (not the reads) under /messages/`part`; returns the undo. */
const onWrites = (part: string, fault: 'refuse' | 'cut') =>
  proxy.add((r) =>
    r.method !== 'GET' && r.path.startsWith(`/api/v1/messages/${part}`)
      ? { kind: fault }
      : undefined,
  );

test('a star and a reaction lost on the way say so in words, and Try again makes each once', async ({
  page,
}) => {
  const id = ownMessage('Star me through a bad network');
  await open(page, id);
  const row = messageRow(page, id);

  let lift = onWrites('flags', 'refuse');
  await (await menuItem(page, id, 'Star message')).click();
  const starError = row.getByRole('alert');
  await expect(starError.locator('.sentence')).toHaveText(
    'Not changed. The connection broke off before the server took the change. Try again.',
  );
  // The network's words wait behind Details.
  await expect(starError.getByTestId('error-details')).toBeHidden();
  await starError.getByText('Details').click();
  await expect(starError.getByTestId('error-details')).toContainText('network');
  await page.screenshot({ path: test.info().outputPath('star-not-changed.png') });
  expect((await onServer(id)).flags).not.toContain('starred');

  lift();
  await row.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('status')).toHaveText('Starred.');
  await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect((await onServer(id)).flags).toContain('starred');

  lift = onWrites(`${id}/reactions`, 'refuse');
  await reactOctopus(page, id);
  const list = page.getByRole('region', { name: 'Message list' });
  const reactError = list.getByRole('alert').filter({ hasText: 'Reaction not changed.' });
  await expect(reactError.locator('.sentence')).toContainText(
    'broke off before the server took the change',
  );
  await expect(reactError.locator('.sentence')).not.toContainText('ECONN');
  await expect(reactError.locator('.sentence')).not.toContainText('POST');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('reaction-not-changed-dark.png') });
  expect((await onServer(id)).reactions).toHaveLength(0);

  lift();
  await list.getByRole('button', { name: 'Try again' }).click();
  await expect(row.getByRole('button', { name: 'octopus: 1 by you' })).toBeVisible();
  await expect(reactError).toHaveCount(0);
  expect((await onServer(id)).reactions).toHaveLength(1);
});

test('a star and a reaction whose answer is lost are read back and shown as made, once', async ({
  page,
}) => {
  const id = ownMessage('The server takes it, the answer is lost');
  await open(page, id);
  const row = messageRow(page, id);

  onWrites('flags', 'cut');
  onWrites(`${id}/reactions`, 'cut');
  await (await menuItem(page, id, 'Star message')).click();
  await expect(row.getByRole('status')).toHaveText('Starred.');
  await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();
  await reactOctopus(page, id);
  await expect(row.getByRole('button', { name: 'octopus: 1 by you' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const held = await onServer(id);
  expect(held.flags).toContain('starred');
  expect(held.reactions).toHaveLength(1);
});
