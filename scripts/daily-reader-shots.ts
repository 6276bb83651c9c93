/**
 * Screenshots of what a daily reader uses in their first week (search and its "Start at", the
 * image viewer, compose's tools and preview, polls and to-do lists, scheduled messages,
 * reminders, a resolved topic, the personal settings, mark all as read in one organization
 * and in every one, read receipts, a mention, Recent, the Inbox's row buttons, the message
 * menu, a person's card, an action not confirmed with Retry),
 * in light and dark, at 760, 1280 and 2560 px wide: what a developer looks at before calling
 * these screens done.
 *
 *   bash scripts/with-keyring.sh npx tsx scripts/daily-reader-shots.ts [out-dir] [screen,...]
 *
 * (out-dir defaults to ./screenshots/daily-reader; SHOT_WIDTHS=760,1280 picks the widths; the
 * keyring holds the signed-in owner's key, as in the end-to-end tests.)
 *
 * The reference server's demo organization with a few messages added (an image, a poll, a
 * to-do list, a scheduled message, a mention of the reader, a resolved topic), a second demo
 * organization signed in only for "every organization", browser mode on it, the renderer from dist/renderer (run
 * `npx vite build` first), and Debian's or Playwright's Chromium.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startServer } from '../src/server/index.ts';
import { messaging } from '../src/server/messages/service.ts';
import type { UserRecord } from '../src/server/state/types.ts';
import { uploads } from '../src/server/uploads/store.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { TINY_PNG } from '../tests/e2e/support/images.ts';
import { serverApi } from '../tests/e2e/support/server-api.ts';
import { startBrowserMode } from '../tests/e2e/support/web-host.ts';

const out = resolve(process.argv[2] ?? 'screenshots/daily-reader');
const only = process.argv[3]?.split(',');
const WIDTHS = (process.env['SHOT_WIDTHS'] ?? '760,1280,2560').split(',').map(Number);
await mkdir(out, { recursive: true });

const server = await startServer({ demo: true, rateLimit: false });
const m = messaging(server.ctx);
const humans = server.users.filter((u) => !u.is_bot);
const owner = humans.find((u) => u.role === 100)!;
const other = humans.find((u) => u.role === 400) ?? humans.find((u) => u !== owner)!;
const record = (id: number) => server.state.users.get(id) as UserRecord;
const channel = [...server.state.channels.values()].find(
  (c) => server.state.subscriptions.get(`${owner.user_id}:${c.stream_id}`) !== undefined,
)!;
const send = (from: number, topic: string, content: string) =>
  m.send({ sender: record(from), streamId: channel.stream_id, topic, content });

// A long file name, so the viewer's title and the compose preview have something to cut.
const upload = uploads(server.ctx).add(
  other.user_id,
  'screenshot-of-the-quarterly-planning-board-with-every-column-expanded.png',
  'image/png',
  TINY_PNG,
);
send(other.user_id, 'photos', `The board as of this morning [board.png](${upload.path})`);
send(owner.user_id, 'plans', '/poll Where do we eat on Friday?\nNoodle bar\nTacos\nThe usual');
send(other.user_id, 'plans', '/todo Release checklist\nTag the build\nWrite the notes');
const asked = send(owner.user_id, 'plans', 'Did everyone see the checklist above?');
for (const reader of humans.filter((u) => u !== owner).slice(0, 6)) {
  await serverApi(server.url, reader, 'POST', '/messages/flags', {
    messages: [asked.id],
    op: 'add',
    flag: 'read',
  });
}
send(other.user_id, 'standup', `@**${owner.full_name}** can you take the notes today?`);
send(other.user_id, 'standup', 'I will bring the numbers.');
const launch = send(owner.user_id, 'launch', 'The launch went out at noon, nothing left to do.');
await serverApi(server.url, owner, 'PATCH', `/messages/${launch.id}`, {
  topic: '✔ launch',
  propagate_mode: 'change_all',
});
// Signed in only while "every organization" is pictured, so every other screen shows one.
const second = await startServer({ demo: true, rateLimit: false });
const secondOwner = second.users.find((u) => u.role === 100)!;
await serverApi(server.url, owner, 'POST', '/scheduled_messages', {
  type: 'stream',
  to: channel.stream_id,
  topic: 'plans',
  content: 'Reminder: the retro starts at 3, bring one thing that went well and one that did not.',
  scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86_400,
});

const mode = await startBrowserMode();
const signed = await mode.core.invoke('accounts.signInWithKey', {
  serverUrl: server.url,
  email: owner.email,
  apiKey: owner.api_key,
});
if (!signed.ok) throw new Error(`The owner could not sign in: ${JSON.stringify(signed)}`);
const browser = await launchChromium();

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });
const composeForm = (page: Page) => page.getByRole('form', { name: 'Compose' });
const messageBox = (page: Page) => composeForm(page).getByRole('textbox', { name: 'Message' });

/** Messages narrowed by the bar's text, its messages drawn. */
async function narrow(page: Page, text: string) {
  await section(page, 'Messages').click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill(text);
  await page.getByRole('button', { name: 'Go' }).click();
  await page.locator('article[data-message-id]').first().waitFor();
}
const inTopic = (page: Page, topic: string) =>
  narrow(page, `channel:${channel.name} topic:${topic}`);

/** The menu of the newest message drawn, opened from its ⋯ button. */
async function newestMenu(page: Page) {
  const row = page.locator('article[data-message-id]').last();
  await row.hover();
  await row.getByRole('button', { name: /^Message actions/ }).click();
  await page.getByRole('menu').first().waitFor();
}

const DRAFT =
  'Here is **the plan** for Friday, with a [link](https://example.com/a/very/long/path/that/keeps/going/and/going) and :tada:\n\n- first\n- second\n\n```\ncode block\n```';

/** A screen: its name, how to reach it, and what to undo once it is pictured. */
type Screen = [string, (page: Page) => Promise<void>, ((page: Page) => Promise<void>)?];

const screens: Screen[] = [
  [
    'search-box',
    async (page) => {
      await inTopic(page, 'plans');
      await page.getByRole('textbox', { name: 'Narrow' }).fill(`channel:${channel.name} retro`);
    },
  ],
  [
    'topic-suggestions',
    async (page) => {
      await inTopic(page, 'plans');
      await page.locator('[data-testid="message-list"]').focus();
      await page.keyboard.press('c');
      await composeForm(page).getByRole('combobox', { name: 'Topic' }).pressSequentially('p');
      await page.getByRole('listbox', { name: 'Topic suggestions' }).waitFor();
    },
  ],
  [
    'image-viewer',
    async (page) => {
      await inTopic(page, 'photos');
      await page.locator('.message_inline_image img').first().click();
      await page.getByRole('dialog', { name: 'Image viewer' }).waitFor();
    },
  ],
  [
    'compose-emoji-picker',
    async (page) => {
      await inTopic(page, 'plans');
      await messageBox(page).fill('Lunch plans ');
      await composeForm(page)
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Add emoji' })
        .click();
      await composeForm(page).getByRole('dialog', { name: 'Emoji picker' }).waitFor();
    },
  ],
  [
    'compose-formatting',
    async (page) => {
      await inTopic(page, 'plans');
      await messageBox(page).fill(DRAFT);
      await composeForm(page).getByRole('toolbar', { name: 'Formatting' }).waitFor();
    },
  ],
  [
    'compose-preview',
    async (page) => {
      await inTopic(page, 'plans');
      await messageBox(page).fill(DRAFT);
      await composeForm(page).getByRole('button', { name: 'Preview' }).click();
      await composeForm(page).getByRole('region', { name: 'Preview' }).waitFor();
    },
  ],
  [
    'widgets',
    async (page) => {
      await inTopic(page, 'plans');
      await page.getByRole('region', { name: /^Poll: / }).waitFor();
    },
  ],
  [
    'scheduled-list',
    async (page) => {
      await inTopic(page, 'plans');
      // Compose's own button: at 760 px the sidebar's is folded away.
      await composeForm(page).getByRole('button', { name: 'Scheduled messages' }).click();
      await composeForm(page).getByRole('region', { name: 'Scheduled messages' }).waitFor();
    },
  ],
  [
    'schedule-dialog',
    async (page) => {
      await inTopic(page, 'plans');
      await messageBox(page).fill('The retro moves to Thursday.');
      await composeForm(page).getByRole('button', { name: 'Schedule…' }).click();
      await composeForm(page)
        .getByRole('button', { name: /^Tomorrow at 9:00 AM/ })
        .waitFor();
    },
  ],
  [
    'reminder',
    async (page) => {
      await inTopic(page, 'plans');
      await newestMenu(page);
      await page.getByRole('menuitem', { name: 'Remind me about this…' }).click();
      await page.getByRole('form', { name: /^Remind me about message / }).waitFor();
    },
  ],
  [
    'mark-all-read',
    async (page) => {
      await section(page, 'Inbox').click();
      await page.getByRole('button', { name: 'Mark all as read' }).first().click();
      await page.getByRole('dialog', { name: /^Mark all messages in / }).waitFor();
    },
  ],
  [
    'read-receipts',
    async (page) => {
      await inTopic(page, 'plans');
      await newestMenu(page);
      await page.getByRole('menuitem', { name: 'View read receipts' }).click();
      await page.getByRole('region', { name: /^Read receipts of message / }).waitFor();
      await page.getByRole('list', { name: 'Read by' }).waitFor();
    },
  ],
  [
    'recent',
    async (page) => {
      await section(page, 'Recent').click();
      await page.getByRole('list', { name: 'Recent conversations' }).waitFor();
    },
  ],
  [
    'recent-row-hover',
    async (page) => {
      await section(page, 'Recent').click();
      const row = page
        .getByRole('list', { name: 'Recent conversations' })
        .getByTestId('recent-row')
        .nth(4);
      await row.hover();
      await row.locator('[data-row-focus]').focus();
      await page.keyboard.press('Tab');
    },
  ],
  [
    'inbox-row-hover',
    async (page) => {
      await section(page, 'Inbox').click();
      const row = page
        .getByRole('list', { name: 'Unread conversations' })
        .locator('[data-row-focus]')
        .nth(1);
      await row.hover();
      await row.focus();
      // From the keyboard, so the ring is the one a keyboard user sees (:focus-visible).
      await page.keyboard.press('Tab');
    },
  ],
  [
    'message-menu',
    async (page) => {
      await inTopic(page, 'plans');
      await newestMenu(page);
    },
  ],
  [
    'people-card',
    async (page) => {
      await inTopic(page, 'photos');
      const row = page.locator('article[data-message-id]').last();
      await row
        .getByRole('button', { name: /^Card of / })
        .first()
        .click();
      await page.getByRole('dialog', { name: /^Card of / }).waitFor();
    },
  ],
  [
    'search-start-at',
    async (page) => {
      await section(page, 'Messages').click();
      await page.getByRole('textbox', { name: 'Narrow' }).fill('checklist');
      await page.getByRole('combobox', { name: 'Start at' }).selectOption('date');
      await page.getByLabel('Anchor date').fill(new Date().toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Go' }).click();
      await page.locator('article[data-message-id]').first().waitFor();
    },
  ],
  [
    'resolved-topic',
    async (page) => {
      await section(page, 'Recent').click();
      await page
        .getByRole('list', { name: 'Recent conversations' })
        .getByRole('button', { name: '#general > ✔ launch', exact: true })
        .click();
      await page.locator('article[data-message-id]').first().waitFor();
    },
  ],
  [
    'mention',
    async (page) => {
      await inTopic(page, 'standup');
    },
  ],
  [
    'personal-settings',
    async (page) => {
      await section(page, 'Settings').click();
      await page.getByRole('combobox', { name: /^Time format/ }).waitFor();
      await page.getByRole('combobox', { name: /^Home view/ }).focus();
    },
  ],
  [
    'mark-all-read-every-org',
    async (page) => {
      const added = await mode.core.invoke('accounts.signInWithKey', {
        serverUrl: second.url,
        email: secondOwner.email,
        apiKey: secondOwner.api_key,
      });
      if (!added.ok) throw new Error(`The second organization: ${JSON.stringify(added)}`);
      await page.reload();
      await section(page, 'Inbox').click();
      await page.getByRole('button', { name: 'Mark all as read in every organization' }).click();
      await page.getByRole('dialog', { name: /^Mark all messages in / }).waitFor();
    },
    async () => {
      const accounts = await mode.core.invoke('accounts.list', {});
      const list = accounts.ok ? (accounts.result as { id: string; serverUrl: string }[]) : [];
      for (const a of list.filter((a) => a.serverUrl === second.url))
        await mode.core.invoke('accounts.signOut', { accountId: a.id });
    },
  ],
  [
    'pending-action',
    async (page) => {
      // The Core pushes this when an action's answer was lost and it did not apply
      // (docs/architecture.md "Writes"); losing one for real takes a proxy (the faults spec).
      let toPage: ((message: string) => void) | undefined;
      await page.routeWebSocket(/\/rpc/, (ws) => {
        ws.connectToServer();
        toPage = (message) => ws.send(message);
      });
      await page.reload();
      await inTopic(page, 'plans');
      toPage?.(
        JSON.stringify({
          t: 'push',
          topic: 'actions.settled',
          payload: {
            id: 1,
            accountId: (signed.result as { id: string }).id,
            messageId: asked.id,
            applied: false,
            sentence:
              'Your star on your message in #general › plans could not be confirmed; it is not starred.',
          },
        }),
      );
      await page.getByRole('alert').filter({ hasText: 'could not be confirmed' }).waitFor();
    },
  ],
];

let failed = 0;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme: scheme,
      });
      for (const [name, reach, undo] of screens) {
        if (only && !only.some((o) => name.includes(o))) continue;
        const page = await context.newPage();
        await page.goto(mode.host.url);
        const file = `${name}-${scheme}-${width}`;
        try {
          await reach(page);
          // Fonts and images in, and the list laid out, before the picture.
          await page.evaluate(async () => {
            await document.fonts.ready;
            await Promise.all(
              [...document.images].map((i) => (i.complete ? null : i.decode().catch(() => null))),
            );
            await new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
          });
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await page.screenshot({ path: join(out, `${file}.png`) });
          console.log(`${file}.png`);
        } catch (err) {
          failed++;
          console.error(`${file}: ${(err as Error).message.split('\n')[0]}`);
          await page.screenshot({ path: join(out, `${file}-FAILED.png`) });
        }
        await undo?.(page);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await mode.stop();
  await server.close();
  await second.close();
}
process.exitCode = failed > 0 ? 1 : 0;
