/**
 * Issue 12 point 1: the message menu, each action seen by the user who takes it and, live,
 * by a second signed-in client in its own Core.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { menuItem, signInAt } from './support/message-menu.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
let m: Messaging;
let second: BrowserMode | undefined;
useServerAndBrowserMode((p) => {
  ({ server, mode } = p);
  m = messaging(server.ctx);
});
test.afterEach(async () => {
  await second?.stop();
  second = undefined;
});

const byRole = (role: number, nth = 0) =>
  server.users.filter((u) => u.role === role && !u.is_bot)[nth]!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;

function openAt(page: Page, core: BrowserMode, user: ServerUser, narrow: string) {
  return signInAt(page, core, server, user, narrow);
}

/** A second person, signed in through their own Core, looking at the same narrow. */
async function otherClient(browser: Browser, user: ServerUser, narrow: string): Promise<Page> {
  second = await startBrowserMode();
  const page = await (await browser.newContext()).newPage();
  await openAt(page, second, user, narrow);
  return page;
}

function send(from: ServerUser, content: string, topic = 'actions') {
  return m.send({ sender: record(from), streamId: general().stream_id, topic, content }).id;
}

const NARROW = 'channel:general topic:actions';

test('editing one’s own message inline shows the new text here and to the other client live', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const id = send(owner, 'a **typo** here');
  await openAt(page, mode, owner, NARROW);
  const other = await otherClient(browser, byRole(400), NARROW);
  await expect(other.locator(`article[data-message-id="${id}"]`)).toContainText('a typo here');

  await (await menuItem(page, id, 'Edit message')).click();
  const box = page.getByRole('textbox', { name: 'Message text' });
  await expect(box).toHaveValue('a **typo** here');
  await box.fill('no typo any more');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.locator(`article[data-message-id="${id}"]`)).toContainText('no typo any more');
  const seen = other.locator(`article[data-message-id="${id}"]`);
  await expect(seen).toContainText('no typo any more');
  await expect(seen).toContainText('edited');
});

test('the menu says why an edit is not allowed, and a refused save keeps the typed text', async ({
  page,
}) => {
  const owner = byRole(100);
  const theirs = send(byRole(400), 'someone else wrote this');
  const mine = send(owner, 'mine to edit');
  await openAt(page, mode, owner, NARROW);

  const edit = await menuItem(page, theirs, /^Edit message/);
  await expect(edit).toBeDisabled();
  await expect(edit).toContainText('Only the sender can edit a message.');
  await page.keyboard.press('Escape');

  await (await menuItem(page, mine, 'Edit message')).click();
  const box = page.getByRole('textbox', { name: 'Message text' });
  await expect(box).toHaveValue('mine to edit');
  // The organization turns editing off while the editor is open.
  server.state.realm.message_edit.allow_message_editing = false;
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
  await openAt(page, mode, owner, NARROW);
  const other = await otherClient(browser, byRole(400), NARROW);
  await expect(other.locator(`article[data-message-id="${id}"]`)).toBeVisible();

  await (await menuItem(page, id, 'Delete message…')).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this message?');
  await expect(dialog).toContainText('Perch Demo');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.locator(`article[data-message-id="${id}"]`)).toHaveCount(0);
  await expect(other.locator(`article[data-message-id="${id}"]`)).toHaveCount(0);
  await expect(other.locator(`article[data-message-id="${keep}"]`)).toBeVisible();
});

test('moving a topic takes its messages out of the other client’s narrow; resolving renames it', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const first = send(owner, 'first in topic');
  const second = send(byRole(400), 'second in topic');
  await openAt(page, mode, owner, 'channel:general');
  const other = await otherClient(browser, byRole(400), NARROW);
  await expect(other.locator(`article[data-message-id="${second}"]`)).toBeVisible();

  await (await menuItem(page, first, 'Mark topic resolved')).click();
  await expect(page.locator(`article[data-message-id="${second}"] .where`)).toContainText(
    '✔ actions',
  );

  await (await menuItem(page, first, 'Move message or topic…')).click();
  const form = page.getByRole('form', { name: `Move message ${first}` });
  await form.getByRole('textbox', { name: 'Topic' }).fill('elsewhere');
  await form.getByRole('radio', { name: 'Every message in the topic' }).check();
  await form.getByRole('button', { name: 'Move' }).click();
  await expect(page.locator(`article[data-message-id="${second}"] .where`)).toContainText(
    'elsewhere',
  );
  // The other client was in the old topic: the moved messages leave it.
  await expect(other.locator(`article[data-message-id="${first}"]`)).toHaveCount(0);
  await expect(other.locator(`article[data-message-id="${second}"]`)).toHaveCount(0);
});

test('quote and reply fills compose; star from the keyboard lists the message in Starred', async ({
  page,
}) => {
  const owner = byRole(100);
  const id = send(byRole(400), 'worth *keeping*');
  await openAt(page, mode, owner, NARROW);

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

  await page.locator(`article[data-message-id="${id}"]`).click();
  await page.keyboard.press('i');
  await page.getByRole('menuitem', { name: 'Star message' }).click();
  await page.getByRole('textbox', { name: 'Narrow' }).fill('is:starred');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.locator(`article[data-message-id="${id}"]`)).toBeVisible();
  await (await menuItem(page, id, 'Unstar message')).click();
  await expect(page.locator(`article[data-message-id="${id}"]`)).toHaveCount(0);
});
