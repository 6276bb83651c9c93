/**
 * A long channel scrolled from newest to oldest. At every step the rows drawn stay bounded, and
 * the message at the top of the view stays put while the older batch is inserted above it.
 * 12 000 messages pass the window's 5 000-message limit twice over, so the far end is let go along
 * the way; bench/ scrolls 50 000 and reports the figures.
 */
import { expect, test } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

const HISTORY = 12_000;
const MAX_ROWS = 60;

let mode: BrowserMode;
let server: StartedServer;

test.beforeAll(async () => {
  server = await startServer({});
  mode = await startBrowserMode();
});
test.afterAll(async () => {
  await mode.stop();
  await server.close();
});

test('12 000 messages scroll from newest to oldest with a bounded number of rows', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const sender = server.state.users.get(owner.user_id) as UserRecord;
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const m = messaging(server.ctx);
  const first = m.send({
    sender,
    streamId: general.stream_id,
    topic: 'load',
    content: 'message 0',
  });
  for (let i = 1; i < HISTORY; i++) {
    m.send({
      sender,
      streamId: general.stream_id,
      topic: `topic ${i % 7}`,
      content: `message ${i}`,
    });
  }
  const last = m.store.maxId;

  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Channel general/ })
    .click();
  const feed = page.getByRole('log', { name: 'Messages' });
  await expect(page.locator(`article[data-message-id="${last}"]`)).toBeInViewport();

  let steps = 0;
  while ((await page.locator(`article[data-message-id="${first.id}"]`).count()) === 0) {
    // To the top: note which message is there and where, then wait for the older batch.
    const before = await feed.evaluate(async (el) => {
      el.scrollTop = 0;
      // Two frames: the scroll event has drawn the rows at the top.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const viewTop = el.getBoundingClientRect().top;
      const top = [...el.querySelectorAll('article')].find(
        (a) => a.getBoundingClientRect().bottom > viewTop + 1,
      ) as HTMLElement;
      return { id: top.dataset.messageId, y: top.getBoundingClientRect().top };
    });
    await page.waitForFunction(
      (id) =>
        (document.querySelector('[data-testid="message-list"]') as HTMLElement).scrollTop > 0 ||
        document.querySelector(`article[data-message-id="${id}"]`) !== null,
      first.id,
    );
    await expect(feed).toHaveAttribute('aria-busy', 'false');
    const after = await feed.evaluate((el, id) => {
      const row = el.querySelector(`article[data-message-id="${id}"]`) as HTMLElement | null;
      return { y: row?.getBoundingClientRect().top, rows: el.querySelectorAll('article').length };
    }, before.id);
    expect(after.rows).toBeGreaterThan(0);
    expect(after.rows).toBeLessThanOrEqual(MAX_ROWS);
    expect(Math.abs((after.y ?? Infinity) - before.y)).toBeLessThanOrEqual(2);
    steps++;
  }
  expect(steps).toBeGreaterThanOrEqual(HISTORY / 1000 - 1);
  await expect(page.locator(`article[data-message-id="${first.id}"]`)).toBeInViewport();
  expect(await page.locator('article').count()).toBeLessThanOrEqual(MAX_ROWS);
});
