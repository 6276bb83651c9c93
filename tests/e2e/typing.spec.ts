/**
 * Typing indicators both ways, between two signed-in clients (two Cores in browser mode, two
 * users) against one reference server.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
let second: BrowserMode | undefined;
useServerAndBrowserMode((p) => {
  ({ server, mode } = p);
  // The server's typing periods (upstream API documentation, POST /register's
  // server_typing_*_period_milliseconds) end an indicator 5 s after the typist's last
  // keystroke and 15 s after their last start: a slow machine can take that long between two
  // steps here. Periods longer than any test leave the stop to what the typist does: send,
  // empty the draft, or move elsewhere.
  server.state.realm.typing_periods = {
    started_wait: 10_000,
    stopped_wait: 3_600_000,
    started_expiry: 3_600_000,
  };
});
test.afterEach(async () => {
  await second?.stop();
  second = undefined;
});

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;

async function openTopic(page: Page, core: BrowserMode, user: ServerUser, narrow: string) {
  await core.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.goto(core.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill(narrow);
  await page.getByRole('button', { name: 'Go' }).click();
  // Typed before compose knows where it goes, a draft has nobody to be typing to: a user
  // starts once compose names the conversation.
  const topic = narrow.split('topic:')[1]!;
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    new RegExp(`^Message .*${topic}`),
  );
}

test('someone typing in the open topic shows by name, and the line clears when they send', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  second = await startBrowserMode();
  const other = await (await browser.newContext()).newPage();
  const narrow = 'channel:general topic:lunch';
  await openTopic(page, mode, owner, narrow);
  await openTopic(other, second, member, narrow);

  const line = page.getByText(`${member.full_name} is typing…`);
  await other.getByRole('textbox', { name: 'Message' }).pressSequentially('soup?');
  await expect(line).toBeVisible();

  await other.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await expect(line).toHaveCount(0);
  const m = messaging(server.ctx);
  await expect(page.locator(`article[data-message-id="${m.store.maxId}"]`)).toContainText('soup?');
  await other.context().close();
});

test('typing shows only in its own conversation, and an emptied draft ends it', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  second = await startBrowserMode();
  const other = await (await browser.newContext()).newPage();
  await openTopic(page, mode, owner, 'channel:general topic:dinner');
  await openTopic(other, second, member, 'channel:general topic:dinner');
  const typing = page.getByText('is typing…');

  await other.getByRole('textbox', { name: 'Message' }).pressSequentially('pasta');
  await expect(page.getByText(`${member.full_name} is typing…`)).toBeVisible();
  const bar = page.getByRole('textbox', { name: 'Narrow' });
  await bar.fill('channel:general topic:lunch');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No messages here.' })).toBeVisible();
  await expect(typing).toHaveCount(0);
  await bar.fill('channel:general topic:dinner');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(typing).toHaveCount(1);

  await other.getByRole('textbox', { name: 'Message' }).fill('');
  await expect(typing).toHaveCount(0);
  await other.context().close();
});
