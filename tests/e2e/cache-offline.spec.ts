/**
 * Perch opens from its copy on this computer with the server out of reach, reads a
 * conversation from it, and catches up once the server answers (docs/architecture.md,
 * "The cache on disk"): the message that arrived meanwhile shows once, and one edited and
 * one deleted while Perch was closed show as edited and gone.
 */
import { expect, test } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { openNarrow } from './support/message-menu.ts';
import { offlineAfterPost } from './support/saved-copy.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { serverApi } from './support/server-api.ts';
import type { BrowserMode } from './support/web-host.ts';
import { shotsAcross } from './support/shots.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

async function post(from: ServerUser, topic: string, content: string) {
  await serverApi(server.url, from, 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content,
  });
}

test('opens offline from the saved copy, then shows what arrived meanwhile once', async ({
  page,
}) => {
  // Quit with the server out of reach, and start again.
  const start = { topic: 'offsite', content: 'The offsite is in Lisbon this year' };
  await offlineAfterPost(page, mode, server, start, async ({ hop, other }) => {
    await page.goto(mode.host.url);
    await page.getByRole('button', { name: 'Inbox', exact: true }).click();
    await expect(page.getByTestId('org-state').first()).toHaveText(
      /^Saved at .+ · (connecting…|offline since .+)$/,
    );
    // Once the first attempt failed, the header says since when the account is offline.
    await expect(page.getByTestId('org-state').first()).toHaveText(
      /^Saved at .+ · offline since \d{1,2}[:.]\d{2}/,
    );
    await shotsAcross(page, 'inbox-saved');
    await page.getByRole('button', { name: 'Activity', exact: true }).click();
    await expect(page.getByTestId('queue-saved')).toContainText('The copy saved at');
    await shotsAcross(page, 'activity-saved');
    await page.getByRole('button', { name: 'Preferences', exact: true }).click();
    await expect(page.getByTestId('offline-copy')).toContainText('On: each account');
    // The copy's size limit is a setting, saved next to it.
    await expect(page.getByTestId('cache-budget')).toHaveValue('25');
    await page.getByLabel('Largest copy per account').selectOption('10');
    await expect(page.getByTestId('offline-copy')).toContainText('Saved.');
    await shotsAcross(page, 'preferences-copy');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general topic:offsite');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByText('The offsite is in Lisbon this year')).toBeVisible();

    // Meanwhile a message arrives; the server answers again.
    await post(other, 'offsite', 'Flights are booked for everyone');
    await hop.up();
    await mode.core.invoke('sync.reconnect', {});
    await expect(page.getByText('Flights are booked for everyone')).toHaveCount(1);
    await expect(page.getByText('The offsite is in Lisbon this year')).toHaveCount(1);
  });
});

test('a message edited and one deleted while Perch was closed show as edited and gone', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const postId = async (content: string) =>
    (
      (await serverApi(server.url, owner, 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'plans',
        content,
      })) as { id: number }
    ).id;
  const edited = await postId('The review is on Thursday');
  const deleted = await postId('Bring the printed slides');
  await postId('Room 4 is booked');
  const signed = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  expect(signed.ok).toBe(true);
  await openNarrow(page, mode, 'channel:general topic:plans');
  await expect(page.getByText('Bring the printed slides')).toBeVisible();

  await mode.restart(async () => {
    await serverApi(server.url, owner, 'PATCH', `/messages/${edited}`, {
      content: 'The review moved to Friday',
    });
    await serverApi(server.url, owner, 'DELETE', `/messages/${deleted}`);
  });
  await openNarrow(page, mode, 'channel:general topic:plans');
  await expect(page.getByText('The review moved to Friday')).toBeVisible();
  await expect(page.getByText('The review is on Thursday')).toHaveCount(0);
  await expect(page.getByText('Bring the printed slides')).toHaveCount(0);
  await expect(page.getByText('Room 4 is booked')).toHaveCount(1);
  const row = page.locator('.marker', { hasText: 'edited' });
  await expect(row).toHaveCount(1);
});
