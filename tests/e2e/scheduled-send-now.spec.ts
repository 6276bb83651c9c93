/**
 * "Send now" on a scheduled message, in Chromium against browser mode, the reference server
 * reached through the suite's fault proxy and run on a manual clock: the message reaches the
 * conversation exactly once, whether the server's own scheduler delivers it while the delete
 * is on its way, or the delete's answer is lost after the server took it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ManualClock } from '../../src/lib/clock.ts';
import type { ServerUser } from '../../src/server/index.ts';
import { matches, startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { signInAt } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const clock = new ManualClock(Date.now());
const suite = useMessageSuite({ clock, rateLimit: false });
expectNoPageErrors();

let proxy: FaultProxy;
test.beforeEach(async () => {
  proxy = await startFaultProxy(suite.server.url);
});
test.afterEach(async () => {
  await proxy.close();
});

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const list = (page: Page) => compose(page).getByRole('region', { name: 'Scheduled messages' });

/** Schedules `content` in #general › plans an hour from the server's now, straight on it. */
async function schedule(user: ServerUser, content: string): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v1/scheduled_messages`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'stream',
      to: String(suite.channelId('general')),
      topic: 'plans',
      content,
      scheduled_delivery_timestamp: String(Math.floor(clock.now() / 1000) + 3600),
    }).toString(),
  });
  expect(res.ok).toBe(true);
}

/** How many messages in #general › plans read `content`, as the server holds them. */
const copiesOnServer = (content: string) =>
  suite.m.store.all().filter((m) => m.content === content).length;

async function openList(page: Page, user: ServerUser): Promise<void> {
  await signInAt(
    page,
    suite.mode,
    { ...suite.server, url: proxy.url },
    user,
    'channel:general topic:plans',
  );
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'Scheduled messages' })
    .click();
}

test('Send now while the server delivers it itself sends it once', async ({ page }) => {
  const user = suite.byRole(100);
  await schedule(user, 'Standup moves to 10');
  await openList(page, user);
  const row = list(page).getByRole('listitem').filter({ hasText: 'Standup moves to 10' });
  await expect(row).toBeVisible();

  // The delete waits on the way while the server's clock reaches the message's time.
  proxy.add((r) =>
    matches('DELETE', '/api/v1/scheduled_messages/')(r) ? { kind: 'hold' } : undefined,
  );
  await row.getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => proxy.held().length).toBe(1);
  await clock.advance(3601 * 1000);
  const sent = page.getByRole('article').filter({ hasText: 'Standup moves to 10' });
  await expect(sent).toHaveCount(1);
  proxy.release();

  await expect(list(page).getByRole('status')).toHaveText('Sent to #general > plans.');
  await expect(list(page).getByText('No scheduled messages.')).toBeVisible();
  await expect(sent).toHaveCount(1);
  expect(copiesOnServer('Standup moves to 10')).toBe(1);
  expect(proxy.log.filter((e) => matches('POST', '/api/v1/messages')(e.req))).toHaveLength(0);
});

test('Send now whose delete answer is lost sends it once', async ({ page }) => {
  const user = suite.byRole(100);
  await schedule(user, 'Lunch order closes at noon');
  await openList(page, user);
  const row = list(page).getByRole('listitem').filter({ hasText: 'Lunch order' });
  await expect(row).toBeVisible();

  // The server takes it off the schedule; its answer breaks off on the way back.
  proxy.add((r) =>
    matches('DELETE', '/api/v1/scheduled_messages/')(r) ? { kind: 'cut' } : undefined,
  );
  await row.getByRole('button', { name: 'Send now' }).click();
  await expect(list(page).getByRole('status')).toHaveText('Sent to #general > plans.');
  const sent = page.getByRole('article').filter({ hasText: 'Lunch order closes at noon' });
  await expect(sent).toHaveCount(1);
  await expect.poll(() => copiesOnServer('Lunch order closes at noon')).toBe(1);
  await expect(list(page).getByRole('alert')).toHaveCount(0);
});
