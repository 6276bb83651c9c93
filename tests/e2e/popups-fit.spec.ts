/**
 * The popups of a message (its menu, the emoji picker) and of a recipient bar, opened on the
 * newest message at the bottom of a full list, where a person most often opens them: each
 * shows whole inside the list, above what opened it, instead of cut off by the list's edge.
 * Near the top of the list they open below as before.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { shot } from './support/shots.ts';

const suite = useMessageSuite();
const NARROW = 'channel:general topic:popups';

/** Whether `inner` lies wholly inside the visible part of the message list. */
async function insideList(page: Page, inner: Locator): Promise<boolean> {
  const list = await page.getByTestId('message-list').boundingBox();
  const box = await inner.boundingBox();
  if (!list || !box) return false;
  return (
    box.y >= list.y - 1 &&
    box.y + box.height <= list.y + list.height + 1 &&
    box.x >= list.x - 1 &&
    box.x + box.width <= list.x + list.width + 1
  );
}

/** The owner's own messages are read: the list opens at its newest end. */
const ownLine = (topic: string, content: string) =>
  suite.post(suite.byRole(100), topic, content).id;

async function atBottom(page: Page): Promise<number> {
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) ids.push(ownLine('popups', `line ${i} of a long topic`));
  await suite.openAt(page, suite.byRole(100), NARROW);
  const newest = ids.at(-1)!;
  await expect(row(page, newest)).toBeInViewport();
  return newest;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the newest message's menu and emoji picker open above it, whole (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const newest = await atBottom(page);
    const message = row(page, newest);

    await message.hover();
    await message.getByRole('button', { name: /^Message actions: / }).click();
    const menu = page.getByRole('menu', { name: /^Message actions: / });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('data-side', 'above');
    await expect.poll(() => insideList(page, menu)).toBe(true);
    await shot(page, `menu-${scheme}`);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    await message.hover();
    await message.getByRole('button', { name: 'Add reaction' }).click();
    const picker = message.getByRole('dialog', { name: 'Emoji picker' });
    await expect(picker.getByRole('textbox', { name: 'Search emoji' })).toBeFocused();
    await expect(picker).toHaveAttribute('data-side', 'above');
    await expect.poll(() => insideList(page, picker)).toBe(true);
    await shot(page, `picker-${scheme}`);
    // What it is for works from there: the first emoji reacts.
    await picker.getByRole('textbox', { name: 'Search emoji' }).fill('tada');
    await picker.getByRole('button', { name: /tada/ }).first().click();
    await expect(message.getByRole('button', { name: /^tada: 1 by you/ })).toBeVisible();
  });
}

test('a menu left open while the list scrolls moves to the side where it stays whole', async ({
  page,
}) => {
  await atBottom(page);
  const list = page.getByTestId('message-list');
  const listBox = (await list.boundingBox())!;
  // A message in the upper part of the list: its menu opens below it.
  let upper: number | undefined;
  for (const candidate of await list.locator('article[data-message-id]').all()) {
    const box = await candidate.boundingBox();
    if (box && box.y > listBox.y + 10 && box.y < listBox.y + listBox.height * 0.3) {
      upper = Number(await candidate.getAttribute('data-message-id'));
      break;
    }
  }
  expect(upper).toBeDefined();
  const message = row(page, upper!);
  await message.hover();
  await message.getByRole('button', { name: /^Message actions: / }).click();
  const menu = page.getByRole('menu', { name: /^Message actions: / });
  await expect(menu).toHaveAttribute('data-side', 'below');
  await expect.poll(() => insideList(page, menu)).toBe(true);

  // The reader scrolls up with the wheel, away from the menu: the message goes down near
  // the list's bottom edge, where the menu below it would be cut off.
  const before = (await message.boundingBox())!;
  await page.mouse.move(listBox.x + 20, listBox.y + listBox.height - 20);
  await page.mouse.wheel(0, -(listBox.y + listBox.height - 60 - before.y));
  await expect
    .poll(async () => (await message.boundingBox())!.y)
    .toBeGreaterThan(listBox.y + listBox.height * 0.6);
  await expect(menu).toHaveAttribute('data-side', 'above');
  await expect.poll(() => insideList(page, menu)).toBe(true);
});

test('near the top of the list the menu opens below its message', async ({ page }) => {
  const first = suite.post(suite.byRole(400), 'popups', 'the only line').id;
  await suite.openAt(page, suite.byRole(100), NARROW);
  const message = row(page, first);
  await message.hover();
  await message.getByRole('button', { name: /^Message actions: / }).click();
  const menu = page.getByRole('menu', { name: /^Message actions: / });
  await expect(menu).toHaveAttribute('data-side', 'below');
  await expect.poll(() => insideList(page, menu)).toBe(true);
});

test('a recipient bar’s menu at the bottom of the list opens above it, whole', async ({ page }) => {
  for (let i = 0; i < 30; i++) ownLine(`topic ${i}`, `alone in topic ${i}`);
  await suite.openAt(page, suite.byRole(100), 'channel:general');
  const bar = page.getByRole('button', { name: 'Actions on #general > topic 29' });
  await expect(bar).toBeInViewport();
  await bar.click();
  const menu = page.getByRole('menu', { name: 'Actions on #general > topic 29' });
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  await expect(menu).toHaveAttribute('data-side', 'above');
  await expect.poll(() => insideList(page, menu)).toBe(true);
  await shot(page, 'bar-menu');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the move form and the editor opened on the newest message are brought whole into view, keyboard in their first field (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const newest = await atBottom(page);

    await (await menuItem(page, newest, 'Move message or topic…')).click();
    const move = page.getByRole('form', { name: `Move message ${newest}` });
    await expect(move.getByRole('combobox', { name: 'Channel' })).toBeFocused();
    await expect(move.getByRole('button', { name: 'Move' })).toBeInViewport({ ratio: 0.9 });
    await expect.poll(() => insideList(page, move)).toBe(true);
    await shot(page, `move-form-${scheme}`);
    await page.keyboard.press('Escape');
    await expect(move).toHaveCount(0);

    await (await menuItem(page, newest, 'Edit message')).click();
    const edit = page.getByRole('form', { name: `Edit message ${newest}` });
    await expect(edit.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 0.9 });
    await shot(page, `editor-${scheme}`);
  });
}
