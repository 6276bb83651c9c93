/**
 * Every screen a keyboard or screen-reader user reaches, checked with axe-core against
 * WCAG 2.1 A and AA: no control without a name, no broken ARIA, enough contrast. Run on
 * the demo organization, so the message list holds real server-rendered HTML.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { OWNER, openAdminAs, openAdminPanel } from './support/admin.ts';
import { wcagScan } from './support/axe.ts';
import { useSharedServerAndBrowserMode, type Peers } from './support/peers.ts';

// The scans only look, so the file shares one demo server, one Core and one signed-in page:
// starting them again for each of some fifty scans was most of the file's time.
let peers: Peers;
useSharedServerAndBrowserMode((p) => (peers = p), { demo: true });

async function violations(page: Page): Promise<string[]> {
  const result = await wcagScan(page);
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

let ownerPage: Page | undefined;
test.afterAll(async () => {
  await ownerPage?.context().close();
  ownerPage = undefined;
});

/** The page signed in as the organization's owner, opened once per worker. */
async function signedInOwner(browser: Browser): Promise<Page> {
  if (ownerPage) return ownerPage;
  // axe-core's runner opens helper pages in the page's context, so the page needs one of
  // its own rather than browser.newPage()'s.
  const context = await browser.newContext();
  const page = await context.newPage();
  const owner = peers.server.users.find((u) => u.role === OWNER && !u.is_bot)!;
  await openAdminAs(page, peers.mode, { ...owner, serverUrl: peers.server.url });
  return (ownerPage = page);
}

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await peers.mode.core.invoke('prefs.set', { theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

const section = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Sections', exact: true })
    .getByRole('button', { name, exact: true });

// First in the file: the Core has no account yet.
test('the first screen and the sign-in screen', async ({ page }) => {
  await page.goto(peers.mode.host.url);
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await section(page, 'Accounts').click();
  await expect(page.getByRole('heading', { name: /account/i }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

// One scan per test: axe-core over a long page takes seconds on a loaded machine, and a
// test that scanned every screen in turn ran out of time there.
// At the narrowest width people use (the Messages sidebar folded, compose's tools as icons)
// and a wide one.
const VIEWS = [
  'Messages',
  'Inbox',
  'Recent',
  'Admin',
  'Accounts',
  'Activity',
  'Settings',
  'Preferences',
  'About',
];
for (const width of [800, 1440]) {
  for (const theme of ['light', 'dark'] as const) {
    for (const name of VIEWS) {
      test(`${name} with a signed-in owner, ${width} px, ${theme} theme`, async ({ browser }) => {
        const page = await signedInOwner(browser);
        await page.setViewportSize({ width, height: 800 });
        await useTheme(page, theme);
        await section(page, name).click();
        await expect(section(page, name)).toHaveAttribute('aria-current', 'page');
        if (name === 'Messages') await expect(page.getByRole('article').first()).toBeVisible();
        if (name === 'Inbox' || name === 'Recent')
          await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await violations(page)).toEqual([]);
      });
    }
  }
}

test('About with a signed-in owner', async ({ browser }) => {
  const page = await signedInOwner(browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await useTheme(page, 'light');
  await section(page, 'About').click();
  await expect(section(page, 'About')).toHaveAttribute('aria-current', 'page');
  expect(await violations(page)).toEqual([]);
});

const PANELS = [
  'Health',
  'Invitations',
  'Who may invite',
  'Push devices',
  'Video call',
  'Defaults for new users',
  'Channel folders',
  'Custom profile fields',
  'Deactivate organization',
  'Users',
  'User groups',
  'Linkifiers',
  'Custom emoji',
  'Remove subscribers',
];

for (const panel of PANELS) {
  test(`admin panel: ${panel}`, async ({ browser }) => {
    const page = await signedInOwner(browser);
    await page.setViewportSize({ width: 1280, height: 720 });
    await useTheme(page, 'light');
    await openAdminPanel(page, panel);
    const nav = page.getByRole('navigation', { name: 'Admin panels' });
    await expect(nav.getByRole('button', { name: panel, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}
