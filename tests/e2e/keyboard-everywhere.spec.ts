/**
 * The keyboard beyond the Messages view: the global shortcuts (go to Inbox, go to Recent, `?`)
 * work from every page, the `?` overlay lists exactly the shortcuts of the page on screen, and
 * the Inbox and Recent lists are walked from the keyboard: focus moves row to row (scrolling to
 * rows not drawn yet), Enter opens, Tab reaches the row's actions.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  keyName,
  shortcutsIn,
  type ListShortcutId,
  type ShortcutScope,
} from '../../src/renderer/keyboard/shortcuts.ts';
import { narrowBox } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post } = suite;

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const inboxList = (page: Page) => page.getByRole('list', { name: 'Unread conversations' });
const recentList = (page: Page) => page.getByRole('list', { name: 'Recent conversations' });
/** The button that opens a topic's row in the Inbox. */
const topicButton = (page: Page, topic: string) =>
  inboxList(page).getByRole('button', { name: topic, exact: true });

/** Topics "t00" (oldest) .. "t29": more rows than one screen draws. */
const TOPICS = Array.from({ length: 30 }, (_, i) => `t${String(i).padStart(2, '0')}`);

/** The owner signed in once the window is open, so every topic stays unread. */
async function signIn(page: Page) {
  const ada = byRole(200);
  for (const t of TOPICS) post(ada, t, `about ${t}`);
  await suite.signInOnceOpen(page, byRole(100), 700);
}

/** The overlay lists exactly these scopes' shortcuts, each with its keys; Esc closes it. */
async function overlayLists(page: Page, scopes: ShortcutScope[]) {
  await page.keyboard.press('?');
  const dialog = helpDialog(page);
  await expect(dialog).toBeVisible();
  const listed = shortcutsIn(scopes);
  await expect(dialog.locator('[data-shortcut]')).toHaveCount(listed.length);
  for (const s of listed) {
    const line = dialog.locator(`[data-shortcut="${s.id}"]`);
    await expect(line.locator('dd')).toHaveText(s.label);
    await expect(line.locator('kbd')).toHaveText(s.keys.map(keyName));
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('go to Inbox, go to Recent and ? work from the Admin page, the Inbox and Recent', async ({
  page,
}) => {
  await signIn(page);
  await sections(page).getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await overlayLists(page, ['global']);

  await page.keyboard.press('Shift+I');
  await expect(inboxList(page)).toBeVisible();
  await overlayLists(page, ['list', 'global']);
  await page.keyboard.press('t');
  await expect(recentList(page)).toBeVisible();
  await overlayLists(page, ['list', 'global']);
  await page.keyboard.press('Shift+I');
  await expect(inboxList(page)).toBeVisible();

  // A key typed into a field is text, not a shortcut.
  await sections(page).getByRole('button', { name: 'Messages' }).click();
  await narrowBox(page).fill('');
  await narrowBox(page).press('t');
  await expect(narrowBox(page)).toHaveValue('t');
  await expect(recentList(page)).toHaveCount(0);
});

test('the Inbox list is walked from the keyboard: every listed list key does what it says', async ({
  page,
}) => {
  await signIn(page);
  await page.keyboard.press('Shift+I');
  // Newest activity first.
  const first = topicButton(page, 't29');
  await expect(first).toBeVisible();
  const feed = page.getByRole('heading', { name: 'Inbox' });

  const drive: Record<ListShortcutId, (key: string) => Promise<void>> = {
    listNext: async (key) => {
      await page.keyboard.press(key);
      await expect(first).toBeFocused();
      await page.keyboard.press(key);
      await expect(topicButton(page, 't28')).toBeFocused();
    },
    listPrevious: async (key) => {
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect(topicButton(page, 't28')).toBeFocused();
      await page.keyboard.press(key);
      await expect(first).toBeFocused();
    },
    listLast: async (key) => {
      // Far below the rows drawn at first: the list scrolls to it and focuses it.
      await page.keyboard.press(key);
      await expect(topicButton(page, 't00')).toBeFocused();
      await expect(topicButton(page, 't00')).toBeInViewport();
    },
    listFirst: async (key) => {
      await page.keyboard.press('End');
      await expect(topicButton(page, 't00')).toBeFocused();
      await page.keyboard.press(key);
      await expect(first).toBeFocused();
      await expect(first).toBeInViewport();
    },
    listActions: async (key) => {
      await page.keyboard.press('j');
      await expect(first).toBeFocused();
      await page.keyboard.press(key);
      await expect(
        inboxList(page).getByRole('button', { name: 'Mark read: #general > t29' }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(first).toHaveCount(0);
    },
    listOpen: async (key) => {
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect(topicButton(page, 't28')).toBeFocused();
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue('channel:general topic:t28');
      await page.keyboard.press('Shift+I');
    },
  };

  for (const s of shortcutsIn(['list'])) {
    for (const key of s.keys) {
      await test.step(`${keyName(key)}: ${s.label}`, async () => {
        // Each step starts on the rows drawn (back from a conversation, the Inbox says
        // "Loading…" until its rows come, and a key pressed then has no row to move to) and
        // with nothing in the list focused.
        await expect(inboxList(page).getByRole('listitem').first()).toBeVisible();
        await feed.click();
        await drive[s.id as ListShortcutId](key);
      });
    }
  }
});

test('Recent is walked with j / k and the arrows, and Enter opens the focused row', async ({
  page,
}) => {
  await signIn(page);
  await page.keyboard.press('t');
  const open = (name: string) =>
    recentList(page).getByRole('button', { name: `#general > ${name}`, exact: true });
  await expect(open('t29')).toBeVisible();
  await page.keyboard.press('j');
  await expect(open('t29')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(open('t28')).toBeFocused();
  await page.keyboard.press('k');
  await expect(open('t29')).toBeFocused();
  await page.keyboard.press('End');
  await expect(open('t00')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(open('t01')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(narrowBox(page)).toHaveValue('channel:general topic:t01');
});
