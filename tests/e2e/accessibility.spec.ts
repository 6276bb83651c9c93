/**
 * Every screen a keyboard or screen-reader user reaches, checked with axe-core against
 * WCAG 2.1 A and AA: no control without a name, no broken ARIA, enough contrast. Run on
 * the demo organization, so the message list holds real server-rendered HTML.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, openAdminAs } from './support/admin.ts';
import { useServerAndBrowserMode, type Peers } from './support/peers.ts';

let peers: Peers;
useServerAndBrowserMode((p) => (peers = p), { demo: true });

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

async function signInAsOwner(page: Page, panel?: string): Promise<void> {
  const owner = peers.server.users.find((u) => u.role === OWNER && !u.is_bot)!;
  await openAdminAs(page, peers.mode, { ...owner, serverUrl: peers.server.url }, panel);
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

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
      test(`${name} with a signed-in owner, ${width} px, ${theme} theme`, async ({ page }) => {
        await peers.mode.core.invoke('prefs.set', { theme });
        await page.setViewportSize({ width, height: 800 });
        await signInAsOwner(page);
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

test('About with a signed-in owner', async ({ page }) => {
  await signInAsOwner(page);
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
  test(`admin panel: ${panel}`, async ({ page }) => {
    await signInAsOwner(page, panel);
    const nav = page.getByRole('navigation', { name: 'Admin panels' });
    await expect(nav.getByRole('button', { name: panel, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}
