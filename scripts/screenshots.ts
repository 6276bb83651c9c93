/**
 * Screenshots of the screens a person lives in, on the demo organization, in light and
 * dark: what a developer looks at before calling a screen done.
 *
 *   npx tsx scripts/screenshots.ts [out-dir] [width] [screen…]
 *
 * out-dir ./screenshots, width 1280 px (760 is the narrowest Perch is laid out for), every
 * screen unless some are named.
 *
 * Runs the Core in this process with its keys in memory (no keychain needed), the renderer
 * from dist/renderer (run `npx vite build` first), and Debian's or Playwright's Chromium.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MemorySecretStore } from '../src/core/accounts/memory-secret-store.ts';
import { createCore } from '../src/core/core.ts';
import { startWebHost } from '../src/web/host.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';

const out = resolve(process.argv[2] ?? 'screenshots');
const width = Number(process.argv[3] ?? 1280);
const only = process.argv.slice(4);
await mkdir(out, { recursive: true });
const dataDir = await mkdtemp(join(tmpdir(), 'perch-shots-'));
const core = await createCore({
  dataDir,
  version: 'screenshots',
  transport: 'web',
  demo: true,
  secrets: new MemorySecretStore(),
});
const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
const browser = await launchChromium();

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

/** Opens Messages and presses one of the newest drawn message's corner buttons. */
async function onNewestMessage(page: Page, button: string | RegExp): Promise<void> {
  await section(page, 'Messages').click();
  const row = page.locator('article[data-message-id]').last();
  await row.hover();
  await row.getByRole('button', { name: button }).click();
}

/** Messages with its sidebar showing (under 1000 px it waits behind its toggle). */
async function messagesSidebar(page: Page) {
  await section(page, 'Messages').click();
  await page.locator('article[data-message-id]').first().waitFor();
  const conversations = page.getByRole('navigation', { name: 'Conversations' });
  // The fold is remembered: open it only where it is shut.
  if (!(await conversations.isVisible())) {
    await page.getByRole('button', { name: 'Channels and conversations' }).click();
  }
  return conversations;
}

/** Messages narrowed to a topic: compose knows where a message goes, so it can be typed in. */
async function composeInTopic(page: Page) {
  // The sidebar lists the topics of the channel being read: open one first (under 1000 px
  // the sidebar is opened from its toggle for that).
  const conversations = await messagesSidebar(page);
  await conversations
    .getByRole('button', { name: /^Channel / })
    .first()
    .click();
  await conversations
    .getByRole('button', { name: /^Topic / })
    .first()
    .click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeEnabled();
  return box;
}

/** Each screen: how to get there from a freshly loaded window. */
const screens: [string, (page: Page) => Promise<void>][] = [
  [
    'inbox',
    async (page) => {
      await section(page, 'Inbox').click();
      await page.getByRole('heading', { name: 'Inbox' }).first().waitFor();
    },
  ],
  [
    'recent',
    async (page) => {
      await section(page, 'Recent').click();
      await page.getByRole('heading', { name: 'Recent conversations' }).first().waitFor();
    },
  ],
  [
    'messages',
    async (page) => {
      await section(page, 'Messages').click();
      await page.locator('article[data-message-id]').first().waitFor();
    },
  ],
  [
    'channel-menu',
    async (page) => {
      const conversations = await messagesSidebar(page);
      await conversations
        .getByRole('button', { name: /^Settings for #/ })
        .first()
        .click();
      await conversations.getByRole('dialog', { name: /^Settings for #/ }).waitFor();
    },
  ],
  [
    'status-menu',
    async (page) => {
      await messagesSidebar(page);
      await page.getByRole('button', { name: /Your status/ }).click();
      await page.getByRole('dialog', { name: 'Your status' }).waitFor();
    },
  ],
  [
    'message-menu',
    async (page) => {
      await onNewestMessage(page, /^Message actions/);
      await page.getByRole('menu').first().waitFor();
    },
  ],
  [
    'bar-menu',
    async (page) => {
      await section(page, 'Messages').click();
      await page
        .getByRole('button', { name: /^Actions on / })
        .last()
        .click();
      await page
        .getByRole('menu', { name: /^Actions on / })
        .getByRole('menuitem')
        .last()
        .waitFor();
    },
  ],
  [
    'compose-completion',
    async (page) => {
      const box = await composeInTopic(page);
      await box.click();
      await box.pressSequentially('Hello @o');
      await page.getByRole('listbox').first().waitFor();
    },
  ],
  [
    'emoji-picker',
    async (page) => {
      await onNewestMessage(page, 'Add reaction');
      await page.getByRole('dialog').first().waitFor();
    },
  ],
  [
    'move-form',
    async (page) => {
      // A channel message: a direct message has no topic to move to.
      await composeInTopic(page);
      const row = page.locator('article[data-message-id]').last();
      await row.hover();
      await row.getByRole('button', { name: /^Message actions/ }).click();
      await page.getByRole('menuitem', { name: 'Move message or topic…' }).click();
      await page.getByRole('form', { name: /^Move message/ }).waitFor();
    },
  ],
  [
    'drafts',
    async (page) => {
      const box = await composeInTopic(page);
      await box.fill('A draft kept for later');
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /^Drafts/ })
        .click();
      await page.getByRole('region', { name: 'Drafts' }).getByRole('listitem').first().waitFor();
    },
  ],
  [
    'admin-custom-emoji',
    async (page) => {
      await section(page, 'Admin').click();
      await page
        .getByRole('navigation', { name: 'Admin panels' })
        .getByRole('button', { name: 'Custom emoji', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Custom emoji' }).first().waitFor();
    },
  ],
  [
    'keyboard-help',
    async (page) => {
      await section(page, 'Messages').click();
      await page.locator('article[data-message-id]').first().waitFor();
      await page.keyboard.press('Shift+?');
      await page.getByRole('dialog').first().waitFor();
    },
  ],
];

try {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      colorScheme: scheme,
    });
    for (const [name, reach] of screens) {
      if (only.length > 0 && !only.includes(name)) continue;
      const page = await context.newPage();
      await page.goto(host.url);
      try {
        await reach(page);
        // Fonts and emoji images in, and the list laid out, before the picture.
        await page.evaluate(async () => {
          await document.fonts.ready;
          await new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
        });
        await page.screenshot({ path: join(out, `${name}-${width}-${scheme}.png`) });
        console.log(`${name}-${width}-${scheme}.png`);
      } catch (err) {
        console.error(`${name} (${scheme}): ${(err as Error).message.split('\n')[0]}`);
        await page.screenshot({ path: join(out, `${name}-${width}-${scheme}-FAILED.png`) });
      }
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.close();
  await core.close();
  await rm(dataDir, { recursive: true, force: true });
}
