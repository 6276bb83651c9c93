/**
 * An Activity card keeps its words whole when the account cannot connect. The state pill is
 * never cut ("Reconnec"), an error breaks between words rather than inside them ("ECONNREFUSE
 * D"; only a token longer than the line may break), "Show decisions" keeps its distance from
 * the last row, and the footer says what the accounts are doing rather than "Connected to the
 * core" while none is.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { ownerBehindGateway } from './support/broken-gateway.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { shot } from './support/shots.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

async function openActivity(page: Page, width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  const card = page.getByRole('article', { name: /^Sync of / });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Words (runs of letters and digits) of the element's text that start on one line and end
 * on another. A line may end after a space, "/" or "-"; inside a word only when the word is
 * wider than the whole line.
 */
function splitWords(el: Locator): Promise<string[]> {
  return el.evaluate((node) => {
    const text = node.firstChild as Text;
    const measure = document.createElement('canvas').getContext('2d')!;
    measure.font = getComputedStyle(node).font;
    const split: string[] = [];
    const pattern = /[\p{L}\p{N}]+/gu;
    for (let m = pattern.exec(text.data); m; m = pattern.exec(text.data)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      const fits = measure.measureText(m[0]).width <= node.clientWidth;
      if (lines.size > 1 && fits) split.push(m[0]);
    }
    return split;
  });
}

for (const width of [1280, 900, 640]) {
  test(`a reconnecting account's card keeps its words whole at ${width} px`, async ({ page }) => {
    const proxy = await ownerBehindGateway(server, mode);
    try {
      const card = await openActivity(page, width);
      proxy.break();
      const pill = card.getByTestId('queue-state');
      await expect(pill).toHaveText(/^Reconnecting in \d+ s$/);
      const error = card.locator('.error-text');
      // The failure in words; the client's own text (ECONNREFUSED, the queue id) under Details.
      await expect(error).toHaveText(
        'The server (or a gateway in front of it) refused to keep this connection open; Perch tries again by itself.',
      );
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await shot(card, `card-${width}-${scheme}`);
      }
      await card.getByText('Details').click();
      await expect(card.locator('.details-fold')).toContainText('ECONNREFUSED while reaching');
      await expect(card.locator('.details-fold')).toContainText(/Queue: /);

      // The pill shows all of its text, on one line, inside the card.
      const fitsWhole = await pill.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const box = el.getBoundingClientRect();
        const cardBox = el.closest('article')!.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth && box.right <= cardBox.right && lines.size === 1;
      });
      expect.soft(fitsWhole, 'the pill shows its whole text on one line').toBe(true);

      expect.soft(await splitWords(error), 'words split across lines').toEqual([]);

      const last = await error.boundingBox();
      const button = await card.getByRole('button', { name: 'Show decisions' }).boundingBox();
      expect
        .soft(button!.y - (last!.y + last!.height), 'space above the button')
        .toBeGreaterThanOrEqual(8);
    } finally {
      await proxy.close();
    }
  });
}

test('the footer names the accounts’ state, and the core only when the window lost it', async ({
  page,
}) => {
  const proxy = await ownerBehindGateway(server, mode);
  try {
    await openActivity(page, 1280);
    const footer = page.getByTestId('connection');
    await expect(footer).toHaveText('1 account connected');
    proxy.break();
    await expect(footer).toHaveText('1 account reconnecting');
    await mode.host.close();
    await expect(footer).toHaveText('Disconnected from the core; retrying');
  } finally {
    await proxy.close();
  }
});

test('the footer says an account is not answering soon after its server stops, and connected once it is back', async ({
  page,
}) => {
  const proxy = await startFaultProxy(server.url);
  try {
    const owner = server.users.find((u) => u.role === 100 && !u.is_bot)!;
    await mode.core.invoke('accounts.signInWithKey', {
      serverUrl: proxy.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    });
    await openActivity(page, 1280);
    const footer = page.getByTestId('connection');
    await expect(footer).toHaveText('1 account connected');
    // A stopped process: the open long-poll stays open, and nothing is answered any more.
    const stopped = proxy.blackhole();
    // Within one live check (every 7 s, answered within 3 s), far before the poll's heartbeat.
    await expect(footer).toHaveText('1 account not answering', { timeout: 15_000 });
    stopped.end();
    await expect(footer).toHaveText('1 account connected', { timeout: 15_000 });
  } finally {
    await proxy.close();
  }
});
