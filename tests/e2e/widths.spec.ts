/**
 * Widths people use: at 800 px nothing on the main views scrolls sideways, compose keeps its
 * buttons on one row, the Messages sidebar folds behind a toggle and Recent still shows which
 * conversation a row is, and at 2560 px no page runs the whole width. Screenshots at 800,
 * 1024 and 1440 px, light and dark, are kept in the test's output folder under
 * test-results/ to be looked at.
 */
import { expect, test, type Page } from '@playwright/test';
import { OWNER, openAdminAs } from './support/admin.ts';
import { useServerAndBrowserMode, type Peers } from './support/peers.ts';
import { shot } from './support/shots.ts';

let peers: Peers;
useServerAndBrowserMode((p) => (peers = p), { demo: true });

const VIEWS = ['Messages', 'Inbox', 'Recent', 'Admin', 'Preferences'] as const;
type ViewName = (typeof VIEWS)[number];

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

async function signIn(page: Page): Promise<void> {
  const owner = peers.server.users.find((u) => u.role === OWNER && !u.is_bot)!;
  await openAdminAs(page, peers.mode, { ...owner, serverUrl: peers.server.url });
}

/** What shows once the view has its content, so a screenshot is not of a spinner. */
async function shown(page: Page, name: ViewName): Promise<void> {
  if (name === 'Messages') await expect(page.getByRole('article').first()).toBeVisible();
  if (name === 'Inbox' || name === 'Recent')
    await expect(
      page.getByRole('main').getByRole('button', { name: /#/ }).filter({ visible: true }).first(),
    ).toBeVisible();
  if (name === 'Admin')
    await expect(page.getByRole('navigation', { name: 'Admin panels' })).toBeVisible();
  if (name === 'Preferences')
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
}

/**
 * The controls and headings of the page that stick out of it at the side (cut off by a
 * container that hides its overflow, which the page's own scroll width does not show).
 * Message content is left out: a wide code block or table scrolls inside its message.
 */
const cutOff = (page: Page) =>
  page.getByRole('main').evaluate((main) => {
    const box = main.getBoundingClientRect();
    return [...main.querySelectorAll('button, input, select, textarea, a, h1, h2, h3')]
      .filter((e) => !e.closest('.msg-content'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      })
      .map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName);
  });

/** How far the page scrolls sideways: 0 when everything fits the window. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const name of VIEWS) {
  test(`${name} fits 800 px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await signIn(page);
    await section(page, name).click();
    await shown(page, name);
    await page.waitForLoadState('networkidle');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await cutOff(page)).toEqual([]);

    if (name === 'Messages') {
      // The channel list folds away; a named toggle brings it back, and the choice is kept.
      const toggle = page.getByRole('button', { name: 'Channels and conversations' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await cutOff(page)).toEqual([]);
      await page.reload();
      await section(page, 'Messages').click();
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
      await page.getByRole('button', { name: 'Channels and conversations' }).click();
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();

      // Compose's buttons keep to two rows at most (Schedule and the scheduled list wrap
      // below the tools at this width), none cut off (checked above).
      const compose = page.getByRole('form', { name: 'Compose' });
      const tops = await compose
        .locator('.actions > button, .actions button')
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => Math.round(e.getBoundingClientRect().top)),
        );
      expect(tops.length).toBeGreaterThan(2);
      const rows = [...tops]
        .sort((a, b) => a - b)
        .filter((top, i, sorted) => i === 0 || top - sorted[i - 1]! > 4);
      expect(rows.length).toBeLessThanOrEqual(2);
      // The narrow bar too: its field and its button side by side.
      const bar = page.getByRole('form', { name: 'Narrow' });
      const field = await bar.getByRole('textbox', { name: 'Narrow' }).boundingBox();
      const go = await bar.getByRole('button', { name: 'Go' }).boundingBox();
      expect(Math.abs(field!.y - go!.y)).toBeLessThanOrEqual(4);
      expect(field!.width).toBeGreaterThan(150);
    }

    if (name === 'Recent') {
      // Each row still says which conversation it is, readably wide.
      const cell = page.locator('[data-testid="recent-conversation"]').first();
      await expect(cell).toBeVisible();
      expect((await cell.boundingBox())!.width).toBeGreaterThan(160);
    }
  });
}

/**
 * The window itself never scrolls: only its panes do. Something positioned against the page
 * from inside a scrolled pane (a hidden label far down the conversations list) would make
 * the whole window scrollable, so a focus or a find could slide every pane out of place.
 */
for (const name of VIEWS) {
  test(`${name}: the window itself does not scroll, only its panes`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 520 });
    await signIn(page);
    await section(page, name).click();
    await shown(page, name);
    if (name === 'Messages')
      // The conversations list is longer than the window: it scrolls inside its pane.
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      return {
        down: root.scrollHeight - root.clientHeight,
        side: root.scrollWidth - root.clientWidth,
      };
    });
    expect(overflow).toEqual({ down: 0, side: 0 });
  });
}

/**
 * On a 2560 px screen no page runs the whole width: Messages (its narrow box and compose)
 * and Settings keep the Inbox's and Recent's 1440 px measure.
 */
test('at 2560 px Messages, Settings, Inbox and Recent stop at a readable width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2560, height: 900 });
  await signIn(page);
  const widest = async (selector: string) =>
    (await page.getByRole('main').locator(selector).first().boundingBox())!.width;
  await section(page, 'Messages').click();
  await shown(page, 'Messages');
  expect(await widest('.messages-view')).toBeLessThanOrEqual(1440);
  const box = (await page.getByRole('textbox', { name: 'Narrow' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThan(1800);
  for (const name of ['Inbox', 'Recent'] as const) {
    await section(page, name).click();
    await shown(page, name);
    expect(await widest('.page')).toBeLessThanOrEqual(1440);
  }
  await section(page, 'Settings').click();
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
  expect(await widest('.settings')).toBeLessThanOrEqual(1440);
});

// Not a check but a record: every view at the widths people use, in both themes.
test('screenshots of every view at 800, 1024 and 1440 px, light and dark', async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page);
  for (const theme of ['light', 'dark'] as const) {
    await peers.mode.core.invoke('prefs.set', { theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const width of [800, 1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of VIEWS) {
        await section(page, name).click();
        await shown(page, name);
        await shot(page, `${name.toLowerCase()}-${width}-${theme}`);
        expect
          .soft(await sideways(page), `${name} at ${width} px, ${theme}`)
          .toBeLessThanOrEqual(0);
        expect.soft(await cutOff(page), `${name} at ${width} px, ${theme}`).toEqual([]);
      }
    }
  }
});
