/**
 * Keyboard only: closing a menu or popup, with Escape or with a choice made in it, puts focus
 * back on the control that opened it, never on the page's body, so the next key goes on from
 * there.
 */
import { expect, test, type Page } from '@playwright/test';
import { messageRow as row, openAllMessages } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post } = suite;
const openAll = (page: Page) => openAllMessages(page, suite.mode, suite.server, byRole(100));
const list = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Selects the newest message from the keyboard: focus on the list, then End. */
async function selectLast(page: Page, id: number) {
  // End selects the last message loaded: the narrow must have loaded it first (pressed while
  // All messages still loads, End acts on the narrow Perch opened on, whose selection goes).
  await expect(row(page, id)).toBeVisible();
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  await list(page).focus();
  await page.keyboard.press('End');
  await expect(row(page, id)).toHaveAttribute('aria-current', 'true');
}

test("a message's menu gives focus back to its button after Escape and after a choice", async ({
  page,
}) => {
  const message = post(byRole(400), 'deploy', 'menus and focus');
  await openAll(page);
  await selectLast(page, message.id);
  // Named by who wrote it and when, as the row shows them: no message id.
  const label = new RegExp(`^Message actions: ${byRole(400).full_name}, \\d{1,2}:\\d{2}`);
  const button = row(page, message).getByRole('button', { name: label });
  const menu = page.getByRole('menu', { name: label });

  await page.keyboard.press('i');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // A choice that opens nothing of its own: back on the button too.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  for (let i = 0; i < 6; i++) {
    if (
      await menu
        .getByRole('menuitem', { name: 'Star message' })
        .evaluate((e) => e === document.activeElement)
    )
      break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(menu.getByRole('menuitem', { name: 'Star message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, message).getByRole('img', { name: 'Starred' })).toBeVisible();
  await expect(button).toBeFocused();
});

test('the emoji picker gives focus back to "Add reaction" after Escape and after a pick', async ({
  page,
}) => {
  const message = post(byRole(400), 'deploy', 'react to me');
  await openAll(page);
  await selectLast(page, message.id);
  const add = row(page, message).getByRole('button', { name: 'Add reaction' });
  const search = page.getByRole('textbox', { name: 'Search emoji' });

  await page.keyboard.press(':');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await page.keyboard.type('tada');
  // Enter picks the first emoji shown: the catalog loads while the picker opens.
  const picker = page.getByRole('dialog', { name: 'Emoji picker' });
  await expect(picker.getByRole('button', { name: 'tada', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(search).toBeHidden();
  await expect(row(page, message).getByRole('button', { name: /^tada: 1 by you$/ })).toBeVisible();
  await expect(add).toBeFocused();
});

test("a recipient bar's menu gives focus back to its button after Escape", async ({ page }) => {
  post(byRole(400), 'lunch', 'where shall we eat');
  await openAll(page);
  const button = page.getByRole('button', { name: 'Actions on #general > lunch' }).first();
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions on #general > lunch' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("compose's snippet list closes on Escape with focus on its button, and compose stays", async ({
  page,
}) => {
  const message = post(byRole(400), 'lunch', 'snippets please');
  await openAll(page);
  await selectLast(page, message.id);
  const compose = page.getByRole('form', { name: 'Compose' });
  await page.keyboard.press('r');
  await expect(compose.getByRole('textbox', { name: 'Message' })).toBeFocused();
  const button = compose.getByRole('button', { name: 'Insert snippet' });
  await button.focus();
  await page.keyboard.press('Enter');
  const snippets = compose.getByRole('list', { name: 'Saved snippets' });
  await expect(snippets).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(snippets).toBeHidden();
  await expect(button).toBeFocused();
});

test('the keyboard help and a confirmation give focus back to what opened them', async ({
  page,
}) => {
  post(byRole(400), 'lunch', 'read me later');
  await openAll(page);
  await list(page).focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(list(page)).toBeFocused();

  // A confirmation in the Inbox: Escape leaves everything as it was, focus on its button.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Inbox', exact: true })
    .click();
  // Unread while the Inbox is on screen, so nothing reads it.
  post(byRole(400), 'lunch', 'still unread');
  const markAll = page.getByRole('button', { name: 'Mark all read: #general' });
  await markAll.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(markAll).toBeFocused();
});
