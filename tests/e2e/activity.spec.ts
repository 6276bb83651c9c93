/**
 * The Activity panel shows each account's queue and why each message did or did not notify, and
 * Perch's Do Not Disturb silences what follows it; a queue held back by the server's rate limit
 * says so.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Channel, Result } from '../../src/contract/contract.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;

/** What the Core answers on a channel, as the renderer would get it. */
async function ask<C extends Channel>(channel: C, args: object): Promise<Result<C>> {
  const response = await mode.core.invoke(channel, args);
  if (!response.ok) throw new Error(`${channel}: ${response.error.message}`);
  return response.result as Result<C>;
}

const owner = () => server.users.find((u) => u.role === 100)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

/** The member sends the owner a DM on the server itself, outside any rate limit. */
const dm = (content: string) =>
  messaging(server.ctx).send({
    sender: server.state.users.get(member().user_id) as UserRecord,
    dmUserIds: [owner().user_id],
    content,
  });

/** Signs the owner in, opens the Activity panel and waits for the queue to connect. */
async function openActivity(page: Page) {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  const card = page.getByRole('article', { name: /^Sync of / });
  await expect(card.getByTestId('queue-state')).toHaveText('Connected');
  return card;
}

test.describe('the queue and the why log', () => {
  useServerAndBrowserMode((p) => ({ server, mode } = p));

  test('a DM is logged with its reason; with Do Not Disturb on, the next one is silenced', async ({
    page,
  }) => {
    const card = await openActivity(page);
    const [status] = await ask('sync.status', {});
    expect(status?.health.queueId).toBeTruthy();
    await expect(card).toContainText(status!.health.queueId!);

    const log = page.getByTestId('decision-log');
    const first = dm('are you there?');
    const firstRow = log.getByRole('row').filter({ hasText: member().full_name });
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
    const rows = log.getByRole('row').filter({ hasText: member().full_name });
    await expect(rows).toHaveCount(2);
    // Newest first.
    const silenced = rows.first();
    await expect(silenced.getByRole('cell').nth(3)).toHaveText('Silenced (Do Not Disturb)');
    await expect(silenced.getByRole('cell').nth(4)).toContainText('Silenced by Do Not Disturb.');
  });
});

test.describe('a queue held back by the rate limit', () => {
  const LIMIT = { requests: 30, windowSeconds: 60 };
  // Perch and the server share a clock the test moves. It starts near the browser's "now",
  // so the countdown reads sensibly, and on a whole second, as X-RateLimit-Reset is in
  // seconds: the window then ends exactly when the retry-after does.
  let clock: ManualClock;

  test.beforeEach(async () => {
    clock = new ManualClock(Math.ceil(Date.now() / 1000) * 1000);
    server = await startServer({ clock, rateLimit: LIMIT });
    mode = await startBrowserMode({ clock });
  });

  test.afterEach(async () => {
    // A wait still running would hold up releasing the queue.
    await clock.advance(LIMIT.windowSeconds * 1000);
    await mode.stop();
    await server.close();
  });

  /** Spends the user's budget from outside Perch, as another client of theirs would. */
  async function spendBudget(user: ServerUser): Promise<void> {
    const authorization = `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
    for (let i = 0; i <= LIMIT.requests; i++) {
      const response = await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization } });
      await response.arrayBuffer();
      if (response.status === 429) return;
    }
    throw new Error('the server never refused a request');
  }

  test('the panel says the queue waits on the server, and for which call, until it may go', async ({
    page,
  }) => {
    const card = await openActivity(page);
    const waiting = card.getByTestId('queue-rate-limit');
    await expect(waiting).toHaveCount(0);

    await spendBudget(owner());
    // The DM ends the pending poll; the next one is refused with RATE_LIMIT_HIT and waits.
    dm('are you there?');
    await expect(waiting).toHaveText(
      /^Rate-limited by the server: waiting \d+ s \(GET \/events\)$/,
    );
    await expect(waiting).toHaveAccessibleName('Rate limit');
    await expect(card.getByTestId('queue-state')).toHaveText('Connected');
    const [status] = await ask('sync.status', {});
    expect(status?.health.rateLimitedEndpoint).toBe('GET /events');
    expect(status?.health.rateLimitedUntil).toBe(clock.now() + LIMIT.windowSeconds * 1000);

    await clock.advance(LIMIT.windowSeconds * 1000);
    await expect(waiting).toHaveCount(0);
    await expect(card.getByTestId('queue-state')).toHaveText('Connected');
    expect((await ask('sync.status', {}))[0]?.health.rateLimitedUntil).toBeUndefined();
  });
});
