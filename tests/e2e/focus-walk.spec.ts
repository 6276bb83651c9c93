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
import type { ServerUser } from '../../src/server/index.ts';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import { uploads } from '../../src/server/uploads/store.ts';
import { TINY_PNG } from './support/images.ts';
import { messageRow as row, narrowBox, narrowTo, showAllMessages } from './support/message-data.ts';
import { serverApi } from './support/server-api.ts';
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

/** Where a Messages walk happens: the narrow typed in the bar and the message End selects. */
interface Place {
  name: string;
  /** The narrow bar's text; empty for all messages. */
  narrow: string;
  /** The newest message there, which End selects. */
  last: StoredMessage;
  /** Whether the last message is the owner's own (editable) one. */
  own: boolean;
  /** The file name of the last message's image. */
  image: string;
  /** The field `c` opens: a direct message has no channel to start a topic in yet. */
  newTopicField: 'Topic' | 'Channel';
}

/**
 * The owner's messages, each ending a place: their own channel message (with an image) ends
 * the channel and its topic, their own direct message (with an image) ends all messages, the
 * conversation and Starred, and a mention by someone else (with an image) ends Mentions.
 * The owner signs in once the window is open, so every message stays unread.
 */
async function signIn(page: Page): Promise<Place[]> {
  const ada = byRole(200);
  const mel = byRole(400);
  const owner = byRole(100);
  const store = uploads(suite.server.ctx);
  const image = (by: ServerUser, name: string) =>
    `[${name}](${store.add(by.user_id, name, 'image/png', TINY_PNG).path})`;
  post(ada, 'deploy', 'deploy one');
  post(ada, 'deploy', 'deploy two');
  post(mel, 'lunch', 'lunch?');
  dm(mel, [owner], 'psst');
  const mention = post(ada, 'lunch', `@**${owner.full_name}** look ${image(ada, 'ada.png')}`);
  const inChannel = post(owner, 'notes', `my own words ${image(owner, 'notes.png')}`);
  const inDm = dm(owner, [mel], `my own reply ${image(owner, 'reply.png')}`);
  await serverApi(suite.server.url, owner, 'POST', '/messages/flags', {
    messages: [inChannel.id, inDm.id],
    op: 'add',
    flag: 'starred',
  });
  await suite.signInOnceOpen(page, owner);
  return [
    {
      name: 'all messages',
      narrow: '',
      last: inDm,
      own: true,
      image: 'reply.png',
      newTopicField: 'Channel',
    },
    {
      name: 'a channel',
      narrow: 'channel:general',
      last: inChannel,
      own: true,
      image: 'notes.png',
      newTopicField: 'Topic',
    },
    {
      name: 'a topic',
      narrow: 'channel:general topic:notes',
      last: inChannel,
      own: true,
      image: 'notes.png',
      newTopicField: 'Topic',
    },
    {
      name: 'a direct message',
      narrow: `dm:${mel.email}`,
      last: inDm,
      own: true,
      image: 'reply.png',
      newTopicField: 'Channel',
    },
    {
      name: 'Starred',
      narrow: 'is:starred',
      last: inDm,
      own: true,
      image: 'reply.png',
      newTopicField: 'Channel',
    },
    {
      name: 'Mentions',
      narrow: 'is:mentioned',
      last: mention,
      own: false,
      image: 'ada.png',
      newTopicField: 'Topic',
    },
  ];
}

/**
 * The shortcuts the `?` overlay lists where the focus is now, read from the overlay itself
 * (so the walk covers what a reader is shown), checked against the table's scopes; the
 * overlay is closed again and gives the focus back.
 */
async function listedShortcuts(page: Page, scopes: ShortcutScope[]) {
  await page.keyboard.press('?');
  await expect(helpDialog(page)).toBeVisible();
  const ids = await helpDialog(page)
    .locator('[data-shortcut]')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.shortcut));
  await page.keyboard.press('Escape');
  await expect(helpDialog(page)).toBeHidden();
  const table = shortcutsIn(scopes);
  expect([...ids].sort()).toEqual(table.map((s) => s.id).sort());
  return table;
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

// Where the Messages walk happens: every place of the Messages view a daily reader opens.
const PLACES = [
  'all messages',
  'a channel',
  'a topic',
  'a direct message',
  'Starred',
  'Mentions',
] as const;

for (const placeName of PLACES) {
  test(`from the Messages list in ${placeName}, every listed shortcut leaves the focus where docs/focus.md says`, async ({
    page,
  }) => {
    // Every key of the table, each with its own setup and check: longer than one default test.
    test.setTimeout(300_000);
    const place = (await signIn(page)).find((p) => p.name === placeName)!;
    const mine = place.last;
    const barText = { value: '' };
    /** Messages, narrowed to the place, its newest message selected and the list focused. */
    const open = async () => {
      if (!(await feed(page).isVisible())) {
        await sections(page).getByRole('button', { name: 'Messages' }).click();
      }
      await expect(feed(page)).toBeVisible();
      if ((await narrowBox(page).inputValue()) !== barText.value) {
        if (place.narrow === '') await showAllMessages(page);
        else await narrowTo(page, place.narrow);
        await expect(row(page, mine)).toBeVisible();
        barText.value = await narrowBox(page).inputValue();
      }
    };
    await sections(page).getByRole('button', { name: 'Messages' }).click();
    barText.value = '\u0000';
    await open();
    await feed(page).focus();
    const scopes: ShortcutScope[] = ['messages', 'global'];
    const listed = await listedShortcuts(page, scopes);
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    /** Where the focus is after each shortcut, checked; undefined: the list keeps it. */
    const after: Record<string, (key: string) => Promise<void>> = {
      reply: () => expect(messageBox(page)).toBeFocused(),
      quote: async () => {
        await expect(messageBox(page)).toBeFocused();
        await messageBox(page).fill('');
      },
      composeChannel: () =>
        expect(page.getByRole('combobox', { name: place.newTopicField })).toBeFocused(),
      newDm: () => expect(page.getByRole('combobox', { name: 'Add a person' })).toBeFocused(),
      react: () => expect(page.getByRole('textbox', { name: 'Search emoji' })).toBeFocused(),
      menu: () => focusIn(page.getByRole('menu', { name: /^Message actions: / })),
      edit: async () => {
        if (place.own) {
          await expect(
            row(page, mine).getByRole('textbox', { name: 'Message text' }),
          ).toBeFocused();
          return;
        }
        // Someone else's message: the row says why, and the list keeps the keys.
        await expect(row(page, mine)).toContainText('Cannot edit');
        await expect(feed(page)).toBeFocused();
      },
      star: async (key) => {
        await expect(feed(page)).toBeFocused();
        // The star shows what the key did; starred again for the keys after this one.
        const star = row(page, mine).getByRole('img', { name: 'Starred' });
        await expect(star).toHaveCount(place.own ? 0 : 1);
        if (place.narrow !== 'is:starred') {
          await page.keyboard.press(key);
          await expect(star).toHaveCount(place.own ? 1 : 0);
          return;
        }
        // Unstarred, it leaves Starred at once; starred again, it is there when reopened.
        await expect(row(page, mine)).toHaveCount(0);
        await serverApi(suite.server.url, byRole(100), 'POST', '/messages/flags', {
          messages: [mine.id],
          op: 'add',
          flag: 'starred',
        });
        barText.value = '\u0000';
      },
      viewImages: async (key) => {
        await expect(viewer).toBeVisible();
        await focusIn(viewer);
        await expect(viewer).toContainText(place.image);
        // The same key closes it, and the focus goes back to the list it was pressed in.
        await page.keyboard.press(key);
        await expect(viewer).toBeHidden();
        await expect(feed(page)).toBeFocused();
      },
      search: () => expect(narrowBox(page)).toBeFocused(),
      back: async () => {
        // Home is upstream's default, Inbox.
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
    /** Shortcuts that leave the Messages view. */
    const leaves = new Set<ShortcutId>(['back', 'inbox', 'recent']);

    for (const s of listed) {
      for (const key of s.keys) {
        await test.step(`${keyName(key)}: ${s.label}`, async () => {
          await open();
          await feed(page).focus();
          // The place's newest message selected, so e edits, r replies and * stars something.
          if (s.id !== 'first' && s.id !== 'last') {
            await page.keyboard.press('End');
            await expect(row(page, mine)).toHaveAttribute('aria-current', 'true');
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
}

test('from Settings, every listed shortcut works and none is typed into a field', async ({
  page,
}) => {
  await signIn(page);
  const settings = sections(page).getByRole('button', { name: 'Settings', exact: true });
  await settings.click();
  const listed = await listedShortcuts(page, ['global']);
  const after: Record<string, (key: string) => Promise<void>> = {
    inbox: () => expect(inboxList(page)).toBeVisible(),
    recent: () => expect(recentList(page)).toBeVisible(),
    help: async (key) => {
      await expect(helpDialog(page)).toBeVisible();
      await page.keyboard.press(key);
      await expect(helpDialog(page)).toBeHidden();
      // Closing gives the focus back where it was.
      await expect(settings).toBeFocused();
    },
  };
  for (const s of listed) {
    for (const key of s.keys) {
      await test.step(`${keyName(key)}: ${s.label}`, async () => {
        await settings.click();
        await expect(settings).toHaveAttribute('aria-current', 'page');
        const before = await fieldValues(page);
        await page.keyboard.press(key);
        await after[s.id]!(key);
        await noStrayText(page, before, key);
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

    await page.keyboard.press(view === 'Inbox' ? 'Shift+I' : 't');
    await expect(rowButton(page).first()).toBeVisible();
    await page.keyboard.press('Home');
    const listed = await listedShortcuts(page, scopes);
    for (const s of listed) {
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
