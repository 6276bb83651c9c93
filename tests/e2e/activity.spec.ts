/**
 * Issue 6: the Activity panel shows each account's queue and why each message did or did
 * not notify, and Perch's Do Not Disturb silences what follows it.
 */
import { expect, test } from '@playwright/test';
import type { Channel, Result } from '../../src/core/rpc/contract.ts';
import { type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

/** What the Core answers on a channel, as the renderer would get it. */
async function ask<C extends Channel>(channel: C, args: object): Promise<Result<C>> {
  const response = await mode.core.invoke(channel, args);
  if (!response.ok) throw new Error(`${channel}: ${response.error.message}`);
  return response.result as Result<C>;
}

test('a DM is logged with its reason; with Do Not Disturb on, the next one is silenced', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const m = messaging(server.ctx);
  const dm = (content: string) =>
    m.send({
      sender: server.state.users.get(member.user_id) as UserRecord,
      dmUserIds: [owner.user_id],
      content,
    });
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();

  const card = page.getByRole('article', { name: /^Sync of / });
  await expect(card.getByTestId('queue-state')).toHaveText('Connected');
  const [status] = await ask('sync.status', {});
  expect(status?.health.queueId).toBeTruthy();
  await expect(card).toContainText(status!.health.queueId!);

  const log = page.getByTestId('decision-log');
  const first = dm('are you there?');
  const firstRow = log.getByRole('row').filter({ hasText: member.full_name });
  await expect(firstRow).toHaveCount(1);
  await expect(firstRow.getByRole('cell').nth(3)).toHaveText(/^Notified/);
  const [decided] = await ask('sync.decisions', { accountId: status!.accountId });
  expect(decided?.messageId).toBe(first.id);
  expect(decided?.reason).toBeTruthy();
  await expect(firstRow.getByRole('cell').nth(4)).toHaveText(decided!.reason);

  await page.getByRole('button', { name: 'For 1 hour' }).click();
  await expect(page.getByTestId('dnd-state')).toHaveText(/^On until /);
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

  dm('still there?');
  const rows = log.getByRole('row').filter({ hasText: member.full_name });
  await expect(rows).toHaveCount(2);
  // Newest first.
  const silenced = rows.first();
  await expect(silenced.getByRole('cell').nth(3)).toHaveText('Silenced (Do Not Disturb)');
  await expect(silenced.getByRole('cell').nth(4)).toContainText('Silenced by Do Not Disturb.');
});
