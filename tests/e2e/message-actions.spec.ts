/**
 * The message menu, each action seen by the user who takes it and, live, by a second signed-in
 * client in its own Core.
 */
import { expect, test } from '@playwright/test';
import type { ServerUser } from '../../src/server/index.ts';
import { messageRow as row, narrowTo } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post, openAt } = suite;
const send = (from: ServerUser, content: string, topic = 'actions') =>
  post(from, topic, content).id;

const NARROW = 'channel:general topic:actions';

test('editing one’s own message inline shows the new text here and to the other client live', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const id = send(owner, 'a **typo** here');
  await openAt(page, owner, NARROW);
  const [other] = await suite.otherClient(browser, byRole(400), NARROW);
  await expect(row(other, id)).toContainText('a typo here');

  await (await menuItem(page, id, 'Edit message')).click();
  const box = page.getByRole('textbox', { name: 'Message text' });
  await expect(box).toHaveValue('a **typo** here');
  await box.fill('no typo any more');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(row(page, id)).toContainText('no typo any more');
  const seen = row(other, id);
  await expect(seen).toContainText('no typo any more');
  await expect(seen).toContainText('edited');
});

test('the menu says why an edit is not allowed, and a refused save keeps the typed text', async ({
  page,
}) => {
  const owner = byRole(100);
  const theirs = send(byRole(400), 'someone else wrote this');
  const mine = send(owner, 'mine to edit');
  await openAt(page, owner, NARROW);

  const edit = await menuItem(page, theirs, /^Edit message/);
  await expect(edit).toBeDisabled();
  await expect(edit).toContainText('Only the sender can edit a message.');
  await page.keyboard.press('Escape');

  await (await menuItem(page, mine, 'Edit message')).click();
  const box = page.getByRole('textbox', { name: 'Message text' });
  await expect(box).toHaveValue('mine to edit');
  // The organization turns editing off while the editor is open.
  suite.server.state.realm.message_edit.allow_message_editing = false;
  await box.fill('my careful rewrite');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This organization has turned off message editing.',
  );
  await expect(box).toHaveValue('my careful rewrite');
});

test('deleting asks first, then the message leaves both clients', async ({ page, browser }) => {
  const owner = byRole(100);
  const keep = send(owner, 'this one stays');
  const id = send(owner, 'this one goes');
  await openAt(page, owner, NARROW);
  const [other] = await suite.otherClient(browser, byRole(400), NARROW);
  await expect(row(other, id)).toBeVisible();

  await (await menuItem(page, id, 'Delete message…')).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this message?');
  await expect(dialog).toContainText('Perch Demo');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(row(page, id)).toHaveCount(0);
  await expect(row(other, id)).toHaveCount(0);
  await expect(row(other, keep)).toBeVisible();
});

test('moving a topic takes its messages out of the other client’s narrow; resolving renames it', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const first = send(owner, 'first in topic');
  const second = send(byRole(400), 'second in topic');
  await openAt(page, owner, 'channel:general');
  const [other] = await suite.otherClient(browser, byRole(400), NARROW);
  await expect(row(other, second)).toBeVisible();

  await (await menuItem(page, first, 'Mark topic resolved')).click();
  await expect(row(page, second).locator('.where')).toContainText('✔ actions');

  await (await menuItem(page, first, 'Move message or topic…')).click();
  const form = page.getByRole('form', { name: `Move message ${first}` });
  await form.getByRole('textbox', { name: 'Topic' }).fill('elsewhere');
  await form.getByRole('radio', { name: 'Every message in the topic' }).check();
  await form.getByRole('button', { name: 'Move' }).click();
  await expect(row(page, second).locator('.where')).toContainText('elsewhere');
  // The other client was in the old topic: the moved messages leave it.
  await expect(row(other, first)).toHaveCount(0);
  await expect(row(other, second)).toHaveCount(0);
});

test('quote and reply fills compose; star from the keyboard lists the message in Starred', async ({
  page,
}) => {
  const owner = byRole(100);
  const id = send(byRole(400), 'worth *keeping*');
  await openAt(page, owner, NARROW);

  await (await menuItem(page, id, 'Quote and reply')).click();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
    /\[said\]\(.*\/near\/\d+\):\n```quote\nworth \*keeping\*\n```/,
  );

  await (await menuItem(page, id, 'View Markdown source')).click();
  await expect(
    page.getByRole('region', { name: `Markdown source of message ${id}` }),
  ).toContainText('worth *keeping*');

  await (await menuItem(page, id, 'Mark as unread from here')).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Marked \d+ messages? unread\.$/ }),
  ).toBeVisible();

  await row(page, id).click();
  await page.keyboard.press('i');
  await page.getByRole('menuitem', { name: 'Star message' }).click();
  await narrowTo(page, 'is:starred');
  await expect(row(page, id)).toBeVisible();
  await (await menuItem(page, id, 'Unstar message')).click();
  await expect(row(page, id)).toHaveCount(0);
});
