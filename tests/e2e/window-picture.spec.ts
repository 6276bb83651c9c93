/**
 * A reopened window's first frame is the last window's picture (docs/architecture.md
 * "No window"): browser mode's host serves it in the page, drawn before the page's script
 * has run, and the App's own list, with what came meanwhile, takes its place.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { asBackgroundWindow } from './support/background-window.ts';
import { shot } from './support/shots.ts';
import { withOpenTarget } from '../../src/contract/open-link.ts';

let server: StartedServer;
let mode: BrowserMode;
/** The reader's browser: its tabs come and go, the browser stays (as the bench's reader). */
let reader: BrowserContext;
test.beforeEach(async ({ browser }) => {
  server = await startServer({});
  mode = await startBrowserMode();
  reader = await browser.newContext();
});
test.afterEach(async () => {
  await reader.close();
  await mode.stop();
  await server.close();
});

/** A tab of the reader's browser, `width` by `height`, in the background (nothing read). */
async function newTab(width = 1280, height = 800): Promise<Page> {
  const page = await reader.newPage();
  await page.setViewportSize({ width, height });
  await asBackgroundWindow(page);
  return page;
}

const user = (email: string) => server.users.find((u) => u.email === email)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;

async function signIn(u: ServerUser): Promise<string> {
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: u.email,
    apiKey: u.api_key,
  });
  if (!r.ok) throw new Error(r.error.message);
  return (r.result as { id: string }).id;
}

function post(content: string, from = 'admin@perch.test'): void {
  messaging(server.ctx).send({
    sender: record(user(from)),
    streamId: general().stream_id,
    topic: 'plans',
    content,
  });
}

/** The reader opens the host in `page` and goes to #general, in Messages. */
async function openGeneral(page: Page): Promise<void> {
  await page.goto(mode.host.url);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Messages' })
    .click();
  // Under 1000 px the sidebar waits behind its toggle; unfolded, it is remembered so.
  if (page.viewportSize()!.width < 1000) {
    const toggle = page.getByRole('button', { name: 'Channels and conversations' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Channel general\b/ })
    .click();
}

/** A window left on #general, then closed (which is when it leaves its picture). */
async function leaveOnGeneral(width = 1280): Promise<void> {
  const page = await newTab(width);
  await openGeneral(page);
  await expect(page.getByRole('article').filter({ hasText: 'An earlier note' })).toBeVisible();
  await page.close();
}

/**
 * The picture in the page as the host serves it now (its HTML from the picture's element on,
 * past the boot state in the head, which holds the first page's messages), or ''.
 */
async function servedPicture(browser: Browser, url = mode.host.url): Promise<string> {
  const context = await browser.newContext();
  const text = await (await context.request.get(url)).text();
  await context.close();
  const at = text.indexOf('<div id="perch-picture"');
  return at < 0 ? '' : text.slice(at);
}

/** What the page showed in the first frame that drew anything of the picture or the App. */
interface FirstFrame {
  picture: boolean;
  pictureText: string;
  appMounted: boolean;
  newestBottomGap: number;
}

/** Notes the first frame drawn with message rows, from before the page's own script. */
async function noteFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frame = () => {
      const picture = document.getElementById('perch-picture');
      const shown = picture?.checkVisibility() ? picture : null;
      const rows = [...(shown ?? document).querySelectorAll('article')].filter(
        (row) => shown !== null || !row.closest('#perch-picture'),
      );
      if (rows.length === 0) {
        requestAnimationFrame(frame);
        return;
      }
      const scroller = rows[0]!.closest('[role="log"]')!.getBoundingClientRect();
      (window as unknown as { perchFirstFrame: FirstFrame }).perchFirstFrame = {
        picture: shown !== null,
        pictureText: shown?.textContent ?? '',
        // The App's shell outside the picture: its script has run.
        appMounted: [...document.querySelectorAll('.shell')].some(
          (s) => !s.closest('#perch-picture'),
        ),
        newestBottomGap: scroller.bottom - rows.at(-1)!.getBoundingClientRect().bottom,
      };
    };
    requestAnimationFrame(frame);
  });
}

async function firstFrame(page: Page): Promise<FirstFrame> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { perchFirstFrame?: FirstFrame }).perchFirstFrame,
  );
  return (await handle.jsonValue()) as FirstFrame;
}

test('a reopened window first draws the last window as it was left, then the live list with what came meanwhile', async () => {
  // Enough for the list to scroll, the reader's own (read): it opens at its newest end.
  for (let i = 1; i <= 30; i++) post(`Entry ${i}`, 'owner@perch.test');
  post('An earlier note', 'owner@perch.test');
  await signIn(user('owner@perch.test'));
  await leaveOnGeneral();
  post('Posted while the window was closed');

  const page = await newTab(1280, 1100);
  await noteFirstFrame(page);
  await page.goto(mode.host.url);
  const first = await firstFrame(page);
  // The first frame is the picture: the note the reader saw, drawn before the App's script
  // had mounted anything, the list held at its newest end in a taller window.
  expect(first.picture).toBe(true);
  expect(first.appMounted).toBe(false);
  expect(first.pictureText).toContain('An earlier note');
  expect(first.pictureText).not.toContain('Posted while the window was closed');
  expect(first.newestBottomGap).toBeGreaterThanOrEqual(-1);
  expect(first.newestBottomGap).toBeLessThan(120);
  // Then the App's own list, with the message that came while no window was open.
  await expect(
    page.getByRole('article').filter({ hasText: 'Posted while the window was closed' }),
  ).toBeVisible();
  await expect(page.locator('#perch-picture')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue('channel:general');
  await page.close();
});

/** Each message row in view in `root`'s list, its text's start and its top, to the pixel. */
async function rowsInView(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const list = document.querySelector(`${selector} [role="log"]`)!.getBoundingClientRect();
    return [...document.querySelectorAll(`${selector} [role="log"] article`)]
      .map((row) => [row.getBoundingClientRect(), row.textContent ?? ''] as const)
      .filter(([box]) => box.bottom > list.top && box.top < list.bottom)
      .map(([box, text]) => `${Math.round(box.top)} ${text.replace(/\s+/g, ' ').slice(0, 40)}`);
  }, root);
}

test('the picture shows the rows in view where the window showed them, the rest cut', async () => {
  for (let i = 1; i <= 40; i++) post(`Entry ${i}`, 'owner@perch.test');
  await signIn(user('owner@perch.test'));
  const page = await newTab(1280, 800);
  await openGeneral(page);
  await expect(page.getByRole('article').filter({ hasText: 'Entry 40' })).toBeVisible();
  // Scrolled up a little, off the newest end: the picture holds the list where it was.
  await page.getByTestId('message-list').evaluate((list) => list.scrollBy(0, -150));
  await expect
    .poll(() => page.getByTestId('message-list').evaluate((l) => l.scrollTop))
    .toBeGreaterThan(0);
  const live = await rowsInView(page, '#app');
  const made = await page.locator('#app article').count();
  expect(live.length).toBeGreaterThan(3);
  await page.close();

  const next = await newTab(1280, 800);
  await next.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await next.goto(mode.host.url);
  await expect(next.locator('#perch-picture')).toBeVisible();
  expect(await rowsInView(next, '#perch-picture')).toEqual(live);
  // Rows the window had made beyond its view are not in the picture.
  expect(await next.locator('#perch-picture article').count()).toBeLessThan(made);
  await shot(next, 'picture-scrolled-1280');
  await next.close();
});

test('at 800, 1024 and 1440 px the picture holds the rows where the window of that width had them', async () => {
  for (let i = 1; i <= 40; i++) post(`Entry ${i}`, 'owner@perch.test');
  await signIn(user('owner@perch.test'));
  for (const width of [800, 1024, 1440]) {
    const page = await newTab(width, 800);
    await openGeneral(page);
    await expect(page.getByRole('article').filter({ hasText: 'Entry 40' })).toBeVisible();
    const live = await rowsInView(page, '#app');
    expect(live.length).toBeGreaterThan(3);
    await shot(page, `window-${width}-light`);
    await page.close();
    for (const theme of ['light', 'dark'] as const) {
      expect((await mode.core.invoke('prefs.set', { theme })).ok).toBe(true);
      const next = await newTab(width, 800);
      await next.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
      await next.goto(mode.host.url);
      await expect(next.locator('#perch-picture')).toBeVisible();
      expect(await rowsInView(next, '#perch-picture')).toEqual(live);
      await shot(next, `picture-${width}-${theme}`);
      await next.close();
    }
  }
});

test('a tab ended with no event at all still leaves the picture of where it settled', async ({
  browser,
}) => {
  post('An earlier note');
  await signIn(user('owner@perch.test'));
  const page = await newTab();
  await openGeneral(page);
  await expect(page.getByRole('article').filter({ hasText: 'An earlier note' })).toBeVisible();
  // Once the page has settled, its picture is with the Core, before anything ends it.
  await expect.poll(() => servedPicture(browser)).toContain('An earlier note');
  // The tab's process ends as a browser ends a closed tab's: no pagehide, nothing sent.
  const crashed = page.waitForEvent('crash');
  void (await reader.newCDPSession(page)).send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close();
  // A browser whose tab crashed takes no new tab in that context under Playwright: another.
  const next = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await next.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await next.goto(mode.host.url);
  await expect(
    next.locator('#perch-picture article').filter({ hasText: 'An earlier note' }),
  ).toBeVisible();
  await next.close();
});

test('the picture is nothing a reader or a click reaches, and is shown as it was, light and dark', async () => {
  post('An earlier note');
  await signIn(user('owner@perch.test'));
  await leaveOnGeneral();
  for (const theme of ['light', 'dark'] as const) {
    const set = await mode.core.invoke('prefs.set', { theme });
    expect(set.ok).toBe(true);
    const page = await newTab();
    // The page's script never comes: what stays is the picture alone.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.goto(mode.host.url);
    const picture = page.locator('#perch-picture');
    await expect(picture).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(picture).toHaveAttribute('inert', '');
    await expect(picture).toHaveAttribute('aria-hidden', 'true');
    await expect(picture.locator('article').filter({ hasText: 'An earlier note' })).toBeVisible();
    // The narrow it was left on, in its field; no role, test id or id answers for the picture.
    await expect(picture.locator('input[aria-label="Narrow"]')).toHaveValue('channel:general');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByTestId('message-list')).toHaveCount(0);
    await expect(picture.locator('[id]')).toHaveCount(0);
    await shot(page, `picture-only-1280-${theme}`);
    await page.close();
  }
});

test('no picture is served at another width, for a notification’s tab, after the place changed, or once its account signed out', async ({
  browser,
}) => {
  post('An earlier note');
  const owner = await signIn(user('owner@perch.test'));
  await leaveOnGeneral(1280);
  const served = () => servedPicture(browser);
  expect(await served()).toContain('An earlier note');
  // A tab opened on a notification's conversation opens there, with no picture of elsewhere.
  const opened = withOpenTarget(mode.host.url, {
    accountId: owner,
    narrow: [{ operator: 'dm', operand: [user('member@perch.test').user_id] }],
    messageId: 1,
  });
  expect(await servedPicture(browser, opened)).toBe('');

  // At 1000 px the picture is in the page but not drawn; the App mounts at once.
  const narrower = await newTab(1000);
  await noteFirstFrame(narrower);
  await narrower.goto(mode.host.url);
  const first = await firstFrame(narrower);
  expect(first.picture).toBe(false);
  expect(first.appMounted).toBe(true);
  // The reader moves on to Inbox in this window: the picture was of #general, and goes.
  await narrower
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Inbox' })
    .click();
  await expect.poll(served).toBe('');
  await narrower.close();

  // Closed on Inbox, then the account signs out: no picture of its messages is served.
  await expect.poll(served).toContain('Inbox');
  const out = await mode.core.invoke('accounts.signOut', { accountId: owner });
  expect(out.ok).toBe(true);
  expect(await served()).toBe('');
});
