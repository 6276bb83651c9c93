/**
 * Presence, with two clients on one clock the test moves (the server and both Cores): the other
 * person's dot in the People list is active while their window is in use, idle once it is open
 * but not in use past the server's threshold, and offline once Perch is quit (page.close()
 * alone cannot be relied on to deliver pagehide's report), each said in words as well as by the
 * dot's shape.
 */
import { expect, test, type Page } from '@playwright/test';
import { ManualClock } from '../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { signInAt } from './support/message-menu.ts';
import { shotsAcross } from './support/shots.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';

let clock: ManualClock;
let server: StartedServer;
let modes: BrowserMode[] = [];

test.beforeEach(async () => {
  clock = new ManualClock(Math.ceil(Date.now() / 1000) * 1000);
  server = await startServer({ clock, rateLimit: false });
  modes = [await startBrowserMode({ clock }), await startBrowserMode({ clock })];
});

test.afterEach(async () => {
  for (const m of modes) await m.stop();
  await server.close();
});

const dotOf = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'People' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .locator('[data-presence]');

/** Moves the shared clock a ping interval at a time until the dot says `state`. */
async function untilDot(page: Page, name: string, state: 'Active' | 'Idle' | 'Offline') {
  await expect
    .poll(
      async () => {
        const now = await dotOf(page, name).textContent();
        if (now?.trim() !== state) await clock.advance(30_000);
        return now?.trim();
      },
      { timeout: 60_000 },
    )
    .toBe(state);
}

test('the other person’s dot goes active, idle and offline as their window is used, left and Perch quit', async ({
  page,
  browser,
}) => {
  const owner = server.users.find((u) => u.role === 100 && !u.is_bot)!;
  const mel = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  await signInAt(page, modes[0]!, server, owner, 'channel:general');
  await page.getByRole('button', { name: 'People', exact: true }).click();
  await expect(dotOf(page, mel.full_name)).toHaveText('Offline');

  // Mel's window is in front and in use.
  const context = await browser.newContext();
  const melPage = await context.newPage();
  await melPage.addInitScript(() => {
    document.hasFocus = () => true;
  });
  await signInAt(melPage, modes[1]!, server, mel, 'channel:general');
  await expect(dotOf(page, mel.full_name)).toHaveText('Active');
  await expect(dotOf(page, mel.full_name)).toHaveAttribute('title', 'Active');
  await shotsAcross(page, 'people-active', { widths: [800, 1024, 1440] });

  // She turns to another window: hers stays open, unused.
  await melPage.evaluate(() => {
    document.hasFocus = () => false;
    window.dispatchEvent(new Event('blur'));
  });
  await untilDot(page, mel.full_name, 'Idle');

  // She quits Perch: no more reports, and past the threshold she is offline.
  await melPage.close();
  await context.close();
  await modes.pop()!.stop();
  await untilDot(page, mel.full_name, 'Offline');
});
