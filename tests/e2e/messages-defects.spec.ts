/**
 * Issue 12, point 6: defects of the message screen, each seen as a user would see it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
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

const byRole = (role: number, nth = 0) =>
  server.users.filter((u) => u.role === role && !u.is_bot)[nth]!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;

async function openMessages(page: Page, user: ServerUser = byRole(100)) {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
}

async function narrowTo(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Narrow' }).fill(text);
  await page.getByRole('button', { name: 'Go' }).click();
}

test('a message arriving in a narrow that had none shows without reopening it', async ({
  page,
}) => {
  const member = byRole(400);
  await openMessages(page);

  await narrowTo(page, 'channel:general topic:"brand new"');
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  const first = m.send({
    sender: record(member),
    streamId: general().stream_id,
    topic: 'brand new',
    content: 'the first word in a new topic',
  });
  await expect(page.locator(`article[data-message-id="${first.id}"]`)).toBeVisible();
  await expect(page.getByText('No messages here.')).toHaveCount(0);

  // A first direct message with someone the owner never wrote to.
  const stranger = byRole(400, 1);
  await narrowTo(page, `dm:${stranger.user_id}`);
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  const dm = m.send({
    sender: record(stranger),
    dmUserIds: [byRole(100).user_id],
    content: 'hello, first time writing',
  });
  await expect(page.locator(`article[data-message-id="${dm.id}"]`)).toBeVisible();
});

test('sender and direct-message narrows show people by email, not by id', async ({ page }) => {
  const member = byRole(400);
  m.send({
    sender: record(member),
    dmUserIds: [byRole(100).user_id],
    content: 'a direct word',
  });
  await openMessages(page);
  const bar = page.getByRole('textbox', { name: 'Narrow' });

  await page
    .getByRole('button', { name: `Messages from ${member.full_name}` })
    .first()
    .click();
  await expect(bar).toHaveValue(`sender:${member.email}`);

  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^Direct messages with ${member.full_name}`) })
    .click();
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
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
  await expect(alerts).toHaveCount(0);
});
