/** The shortcuts that work in the Messages view: its own and the window's global ones. */
const SHORTCUTS = shortcutsIn(['messages', 'global']);

/**
 * The keyboard. The `?` overlay lists exactly the shortcut table the view binds, and one test
 * walks the same table, pressing every key listed and checking what the user sees happen,
 * against the reference server in Chromium.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import {
  keyName,
  shortcutsIn,
  type GlobalShortcutId,
  type MessagesShortcutId,
} from '../../src/renderer/keyboard/shortcuts.ts';
import { uploads } from '../../src/server/uploads/store.ts';
import { asBackgroundWindow } from './support/background-window.ts';
import { TINY_PNG } from './support/images.ts';
import {
  messageRow as row,
  narrowBox,
  openAllMessages,
  showAllMessages as allMessages,
} from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post, dm } = suite;
const openAll = (page: Page) => openAllMessages(page, suite.mode, suite.server, byRole(100));
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Selects a message with the mouse, on its text, away from every button in it. */
async function select(page: Page, message: StoredMessage) {
  // A click landing while a narrow still opens is undone by its opening; the user clicks again.
  await expect(async () => {
    await row(page, message).locator('.msg-content').click();
    await expect(row(page, message)).toHaveAttribute('aria-current', 'true', { timeout: 3000 });
  }).toPass();
}

test('the ? overlay lists every shortcut of the table, and Esc closes it', async ({ page }) => {
  post(byRole(400), 'deploy', 'hello');
  await openAll(page);
  await page.getByRole('log', { name: 'Messages' }).focus();
  await page.keyboard.press('?');
  const dialog = helpDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-shortcut]')).toHaveCount(SHORTCUTS.length);
  for (const s of SHORTCUTS) {
    const line = dialog.locator(`[data-shortcut="${s.id}"]`);
    await expect(line.locator('dd')).toHaveText(s.label);
    await expect(line.locator('kbd')).toHaveText(s.keys.map(keyName));
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus went back where it was, so the keys go on working.
  await expect(page.getByRole('log', { name: 'Messages' })).toBeFocused();
});

test('every shortcut the overlay lists does what it says', async ({ page }) => {
  const mel = byRole(400);
  const ada = byRole(200);
  const owner = byRole(100);
  const deploy = post(mel, 'deploy', 'deploy one');
  const deploy2 = post(mel, 'deploy', 'deploy two');
  // Before lunch's message, so the unread topics keep their order.
  const picture = uploads(suite.server.ctx).add(mel.user_id, 'pic.png', 'image/png', TINY_PNG);
  const pic = post(mel, 'deploy', `see [pic.png](${picture.path})`);
  post(ada, 'lunch', 'lunch?');
  dm(mel, [owner], 'psst');
  const group = dm(mel, [owner, ada], 'all three');
  // The one message the signed-in owner may edit; sent last, so it is the last loaded.
  const mine = post(owner, 'lunch', 'my own words');
  await asBackgroundWindow(page);
  await openAll(page);
  const feed = page.getByRole('log', { name: 'Messages' });
  const messageBox = page.getByRole('textbox', { name: 'Message' });
  const topicBox = page.getByRole('combobox', { name: 'Topic' });

  const drive: Record<MessagesShortcutId | GlobalShortcutId, (key: string) => Promise<void>> = {
    next: async (key) => {
      await select(page, deploy);
      await page.keyboard.press(key);
      await expect(row(page, deploy2)).toHaveAttribute('aria-current', 'true');
    },
    previous: async (key) => {
      await select(page, deploy2);
      await page.keyboard.press(key);
      await expect(row(page, deploy)).toHaveAttribute('aria-current', 'true');
    },
    first: async (key) => {
      await select(page, group);
      await page.keyboard.press(key);
      await expect(row(page, deploy)).toHaveAttribute('aria-current', 'true');
    },
    last: async (key) => {
      await select(page, deploy);
      await page.keyboard.press(key);
      await expect(row(page, mine)).toHaveAttribute('aria-current', 'true');
    },
    nextUnreadTopic: async (key) => {
      await feed.focus();
      // In the sidebar's order: lunch has the newer message.
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue('channel:general topic:lunch');
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
    },
    nextUnreadDm: async (key) => {
      // The two unread conversations, whichever order the sidebar lists them in.
      const both = [`dm:${mel.email}`, `dm:${[ada.email, mel.email].sort().join(',')}`];
      await feed.focus();
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue(/^dm:/);
      const first = await narrowBox(page).inputValue();
      expect(both).toContain(first);
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue(both.find((b) => b !== first)!);
    },
    reply: async (key) => {
      await select(page, deploy2);
      await page.keyboard.press(key);
      await expect(messageBox).toBeFocused();
      await expect(topicBox).toHaveValue('deploy');
    },
    composeChannel: async (key) => {
      await select(page, deploy2);
      await page.keyboard.press(key);
      await expect(topicBox).toBeFocused();
      await expect(topicBox).toHaveValue('');
    },
    newDm: async (key) => {
      await feed.focus();
      await page.keyboard.press(key);
      await expect(page.getByRole('combobox', { name: 'Add a person' })).toBeFocused();
      await expect(
        page.getByRole('button', { name: 'Direct message', exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
    },
    react: async (key) => {
      await select(page, deploy);
      await page.keyboard.press(key);
      const search = page.getByRole('textbox', { name: 'Search emoji' });
      await expect(search).toBeFocused();
      await page.keyboard.type(key === ':' ? 'tada' : 'heart');
      await page.keyboard.press('Enter');
      await expect(
        row(page, deploy).getByRole('button', {
          name: new RegExp(`^${key === ':' ? 'tada' : 'heart'}: 1 by`),
        }),
      ).toBeVisible();
    },
    menu: async (key) => {
      await select(page, deploy);
      await page.keyboard.press(key);
      await expect(page.getByRole('menu', { name: /^Message actions: / })).toBeVisible();
      await page.keyboard.press('Escape');
    },
    edit: async (key) => {
      await select(page, mine);
      await page.keyboard.press(key);
      const box = row(page, mine).getByRole('textbox', { name: 'Message text' });
      await expect(box).toHaveValue('my own words');
      await expect(box).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(box).toBeHidden();
      // Someone else's message: the reason the menu gives, and no editor.
      await select(page, deploy);
      await page.keyboard.press(key);
      await expect(row(page, deploy).getByRole('status')).toHaveText(
        'Cannot edit: Only the sender can edit a message.',
      );
      await expect(row(page, deploy).getByRole('textbox', { name: 'Message text' })).toHaveCount(0);
    },
    star: async (key) => {
      const menuSays = async (label: string) => {
        await page.keyboard.press('i');
        await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
      };
      await select(page, deploy2);
      await page.keyboard.press(key);
      await menuSays('Unstar message');
      await page.keyboard.press(key);
      await menuSays('Star message');
    },
    quote: async (key) => {
      await select(page, deploy2);
      await page.keyboard.press(key);
      await expect(messageBox).toHaveValue(/\/near\/\d+\):\n```quote\ndeploy two\n```/);
      await expect(topicBox).toHaveValue('deploy');
      await messageBox.fill('');
    },
    narrowConversation: async (key) => {
      await select(page, deploy2);
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue('channel:general topic:deploy');
      await expect(row(page, deploy2)).toHaveAttribute('aria-current', 'true');
      await feed.focus();
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toHaveValue('channel:general');
    },
    viewImages: async (key) => {
      await select(page, pic);
      await page.keyboard.press(key);
      const viewer = page.getByRole('dialog', { name: 'Image viewer' });
      await expect(viewer).toBeVisible();
      await expect(viewer).toContainText('pic.png');
      await page.keyboard.press(key);
      await expect(viewer).toBeHidden();
      // A message without images: nothing opens, and the list keeps the keys.
      await select(page, deploy);
      await feed.focus();
      await page.keyboard.press(key);
      await expect(viewer).toHaveCount(0);
      await expect(feed).toBeFocused();
    },
    search: async (key) => {
      await feed.focus();
      await page.keyboard.press(key);
      await expect(narrowBox(page)).toBeFocused();
    },
    back: async (key) => {
      await narrowBox(page).fill('topic:lunch');
      await page.getByRole('button', { name: 'Go' }).click();
      await expect(row(page, deploy)).toHaveCount(0);
      await feed.focus();
      await page.keyboard.press(key);
      // The owner's home view is upstream's default, Inbox (web_home_view).
      await expect(page.getByRole('list', { name: 'Unread conversations' })).toBeVisible();
      await sections(page).getByRole('button', { name: 'Messages' }).click();
    },
    inbox: async (key) => {
      await feed.focus();
      await page.keyboard.press(key);
      await expect(page.getByRole('list', { name: 'Unread conversations' })).toBeVisible();
      await sections(page).getByRole('button', { name: 'Messages' }).click();
    },
    recent: async (key) => {
      await feed.focus();
      await page.keyboard.press(key);
      await expect(page.getByRole('heading', { name: 'Recent conversations' })).toBeVisible();
      await sections(page).getByRole('button', { name: 'Messages' }).click();
    },
    help: async (key) => {
      await feed.focus();
      await page.keyboard.press(key);
      await expect(helpDialog(page)).toBeVisible();
      await page.keyboard.press(key);
      await expect(helpDialog(page)).toBeHidden();
    },
  };

  for (const s of SHORTCUTS) {
    for (const key of s.keys) {
      await test.step(`${keyName(key)}: ${s.label}`, async () => {
        await allMessages(page);
        await expect(row(page, group)).toBeVisible();
        await drive[s.id as MessagesShortcutId | GlobalShortcutId](key);
      });
    }
  }
});
