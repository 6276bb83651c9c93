/**
 * The keyboard walk of docs/focus.md: from each main view (Inbox, Recent, Messages), every
 * shortcut the `?` overlay lists there is pressed from the list, by keyboard only, and after
 * each the focus is checked against the focus model's table, and no text field holds a key
 * the user did not type into it. Escape then brings the focus back to the list, one step at
 * a time, before the next key.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  keyName,
  shortcutsIn,
  type ShortcutId,
  type ShortcutScope,
} from '../../src/renderer/keyboard/shortcuts.ts';
import { messageRow as row, narrowBox } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post, dm } = suite;

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const inboxList = (page: Page) => page.getByRole('list', { name: 'Unread conversations' });
const recentList = (page: Page) => page.getByRole('list', { name: 'Recent conversations' });
const feed = (page: Page) => page.getByRole('log', { name: 'Messages' });
const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

/** Every text field's value on screen, by its accessible name. */
async function fieldValues(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=checkbox]):not([type=radio]):not([type=date]), textarea',
    );
    fields.forEach((f, i) => (out[f.getAttribute('aria-label') ?? `field ${i}`] = f.value));
    return out;
  });
}

/** Whether `value` is `was` with `key` typed into it somewhere. */
function typedInto(was: string, value: string, key: string): boolean {
  if (value.length !== was.length + key.length) return false;
  for (let i = value.indexOf(key); i >= 0; i = value.indexOf(key, i + 1)) {
    if (value.slice(0, i) + value.slice(i + key.length) === was) return true;
  }
  return false;
}

/**
 * No field took the key as text. A shortcut may still change a field on purpose: `c`
 * clears the topic, `s` and `n` put the narrow they open in the bar.
 */
async function noStrayText(page: Page, before: Record<string, string>, key: string) {
  if (key.length !== 1) return;
  const after = await fieldValues(page);
  for (const [name, value] of Object.entries(after)) {
    // A field the shortcut opened (the editor) starts with the message's own text.
    const was = before[name];
    if (was === undefined) continue;
    expect(typedInto(was, value, key), `"${key}" typed into ${name}: "${value}"`).toBe(false);
  }
}

/** Focus is in `where` (the element itself or inside it). */
async function focusIn(where: Locator) {
  await expect.poll(() => where.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** The owner signed in once the window is open, so every message stays unread. */
async function signIn(page: Page) {
  const ada = byRole(200);
  const mel = byRole(400);
  const owner = byRole(100);
  post(ada, 'deploy', 'deploy one');
  post(ada, 'deploy', 'deploy two');
  post(mel, 'lunch', 'lunch?');
  dm(mel, [owner], 'psst');
  const mine = post(owner, 'notes', 'my own words');
  await suite.signInOnceOpen(page, owner);
  return mine;
}

/**
 * From a field, a menu or a picker: presses Escape until the focus is back in the message
 * list (the list itself, or a row's button a popup gave it back to).
 */
async function backToFeed(page: Page) {
  const inFeed = () =>
    feed(page).evaluate(
      (el) => {
        const at = document.activeElement;
        const inPopup = at?.closest('input, textarea, [role=menu], [role=dialog]') ?? null;
        return el.contains(at) && inPopup === null;
      },
      undefined,
      { timeout: 5000 },
    );
  for (let i = 0; i < 3 && !(await inFeed()); i++) await page.keyboard.press('Escape');
  expect(await inFeed()).toBe(true);
}

test('from the Messages list, every listed shortcut leaves the focus where docs/focus.md says', async ({
  page,
}) => {
  // Every key of the table, each with its own setup and check: longer than one default test.
  test.setTimeout(300_000);
  const mine = await signIn(page);
  await sections(page).getByRole('button', { name: 'Messages' }).click();
  const scopes: ShortcutScope[] = ['messages', 'global'];
  /** Where the focus is after each shortcut, checked; undefined: the list keeps it. */
  const after: Record<string, (key: string) => Promise<void>> = {
    reply: () => expect(messageBox(page)).toBeFocused(),
    quote: async () => {
      await expect(messageBox(page)).toBeFocused();
      await messageBox(page).fill('');
    },
    composeChannel: () => expect(page.getByRole('combobox', { name: 'Topic' })).toBeFocused(),
    newDm: () => expect(page.getByRole('combobox', { name: 'Add a person' })).toBeFocused(),
    react: () => expect(page.getByRole('textbox', { name: 'Search emoji' })).toBeFocused(),
    menu: () => focusIn(page.getByRole('menu', { name: /^Message actions: / })),
    edit: () =>
      expect(row(page, mine).getByRole('textbox', { name: 'Message text' })).toBeFocused(),
    search: () => expect(narrowBox(page)).toBeFocused(),
    back: async () => {
      // Home is upstream's default, Inbox; then back to Messages by keyboard-free means.
      await expect(inboxList(page)).toBeVisible();
    },
    inbox: () => expect(inboxList(page)).toBeVisible(),
    recent: () => expect(recentList(page)).toBeVisible(),
    help: async (key) => {
      await expect(helpDialog(page)).toBeVisible();
      await page.keyboard.press(key);
      await expect(helpDialog(page)).toBeHidden();
    },
  };
  /** Shortcuts whose field takes the key's own text on purpose (none but the quote). */
  const leaves = new Set<ShortcutId>(['back', 'inbox', 'recent']);

  for (const s of shortcutsIn(scopes)) {
    for (const key of s.keys) {
      await test.step(`${keyName(key)}: ${s.label}`, async () => {
        if (!(await feed(page).isVisible())) {
          await sections(page).getByRole('button', { name: 'Messages' }).click();
        }
        await feed(page).focus();
        // The own message selected, so e edits, r replies and * stars something.
        if (s.id === 'edit' || s.id === 'star' || s.id === 'menu' || s.id === 'react') {
          await page.keyboard.press('End');
          await expect(row(page, mine)).toHaveAttribute('aria-current', 'true');
        } else if (s.id !== 'first' && s.id !== 'last') {
          await page.keyboard.press('End');
        }
        const before = await fieldValues(page);
        await page.keyboard.press(key);
        const check = after[s.id];
        if (check) await check(key);
        else await expect(feed(page)).toBeFocused();
        if (s.id !== 'quote') await noStrayText(page, before, key);
        if (!leaves.has(s.id)) await backToFeed(page);
      });
    }
  }
});

for (const view of ['Inbox', 'Recent'] as const) {
  test(`from the ${view} list, every listed shortcut leaves the focus where docs/focus.md says`, async ({
    page,
  }) => {
    await signIn(page);
    const list = view === 'Inbox' ? inboxList : recentList;
    const scopes: ShortcutScope[] = ['list', 'global'];
    const rowButton = (p: Page) => list(p).locator('[data-row-focus]');
    const after: Record<string, (key: string) => Promise<void>> = {
      listOpen: async () => {
        await expect(feed(page)).toBeFocused();
        // The list's keys work at once: j selects a message.
        await page.keyboard.press('j');
        await expect(page.locator('article[aria-current="true"]')).toHaveCount(1);
      },
      listActions: () =>
        expect(
          list(page)
            .getByRole('button', { name: /^Mark read: / })
            .first(),
        ).toBeFocused(),
      inbox: () => expect(inboxList(page)).toBeVisible(),
      recent: () => expect(recentList(page)).toBeVisible(),
      help: async (key) => {
        await expect(helpDialog(page)).toBeVisible();
        await page.keyboard.press(key);
        await expect(helpDialog(page)).toBeHidden();
      },
    };

    for (const s of shortcutsIn(scopes)) {
      for (const key of s.keys) {
        await test.step(`${keyName(key)}: ${s.label}`, async () => {
          await page.keyboard.press(view === 'Inbox' ? 'Shift+I' : 't');
          await expect(list(page)).toBeVisible();
          await expect(rowButton(page).first()).toBeVisible();
          // Each step starts on the list's first row.
          await page.keyboard.press('Home');
          await expect(rowButton(page).first()).toBeFocused();
          const before = await fieldValues(page);
          await page.keyboard.press(key);
          const check = after[s.id];
          if (check) await check(key);
          else await focusIn(list(page));
          await noStrayText(page, before, key);
        });
      }
    }
  });
}
