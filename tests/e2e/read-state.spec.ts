/**
 * What a reader learns of read state, end to end in Chromium against browser mode and the
 * reference server: "Mark all as read" for one organization and for all of them (after a
 * confirmation, through the server), who has read a message (the message menu's read
 * receipts, by name, honouring `send_read_receipts`), and the whole-message highlight of a
 * message that mentions the reader personally, through their group, or by wildcard.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messageRow } from './support/message-data.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { serverApi } from './support/server-api.ts';

const suite = useMessageSuite();
expectNoPageErrors();
const { byEmail: user } = suite;

async function signIn(server: StartedServer, who: ServerUser): Promise<void> {
  const r = await suite.mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: who.email,
    apiKey: who.api_key,
  });
  if (!r.ok) throw new Error(r.error.message);
}

/** How many messages `who` has unread on `server`, as the server says. */
async function unreadOn(server: StartedServer, who: ServerUser): Promise<number> {
  const r = await serverApi(server.url, who, 'GET', '/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [['is', 'unread']],
  });
  return (r.messages as unknown[]).length;
}

const post = (server: StartedServer, topic: string, content: string) =>
  serverApi(
    server.url,
    server.users.find((u) => u.email.startsWith('owner@'))!,
    'POST',
    '/messages',
    {
      type: 'stream',
      to: 'general',
      topic,
      content,
    },
  );

async function openInbox(page: Page) {
  await page.goto(suite.mode.host.url);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Inbox' })
    .click();
}

test.describe('mark all as read', () => {
  let other: StartedServer;
  test.beforeEach(async () => {
    other = await startServer({ rateLimit: false });
  });
  test.afterEach(async () => {
    await other.close();
  });

  test('one organization, then every organization, each after a confirmation', async ({ page }) => {
    const member = user('member');
    const otherMember = other.users.find((u) => u.email === member.email)!;
    for (const topic of ['one', 'two', 'three']) {
      await post(suite.server, topic, `news in ${topic}`);
      await post(other, topic, `other news in ${topic}`);
    }
    await signIn(suite.server, member);
    await signIn(other, otherMember);
    await openInbox(page);
    const list = page.getByRole('list', { name: 'Unread conversations' });
    const orgRow = (url: string) =>
      list
        .getByRole('listitem')
        .filter({ has: page.getByTestId('org-header').filter({ hasText: url }) });
    await expect(orgRow(suite.server.url)).toHaveCount(1);
    await expect(orgRow(other.url)).toHaveCount(1);
    const before = await unreadOn(other, otherMember);
    expect(before).toBeGreaterThanOrEqual(3);

    // Cancel changes nothing.
    await orgRow(suite.server.url).getByRole('button', { name: 'Mark all as read' }).click();
    let dialog = page.getByRole('dialog', { name: /Mark all messages in .* as read\?/ });
    await expect(dialog).toContainText(suite.server.url);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await unreadOn(suite.server, member)).toBeGreaterThanOrEqual(3);

    await orgRow(suite.server.url).getByRole('button', { name: 'Mark all as read' }).click();
    await dialog.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(orgRow(suite.server.url).getByRole('status')).toHaveText(
      'All messages marked as read.',
    );
    await expect.poll(() => unreadOn(suite.server, member)).toBe(0);
    expect(await unreadOn(other, otherMember)).toBe(before);
    // The Inbox follows the server's events: the organization has nothing unread left.
    await expect(list.getByText('Nothing unread here.')).toHaveCount(1);

    await post(suite.server, 'four', 'one more');
    await page.getByRole('button', { name: 'Mark all as read in every organization' }).click();
    dialog = page.getByRole('dialog', {
      name: 'Mark all messages in all 2 organizations as read?',
    });
    await dialog.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(
      page.getByText('All messages in every organization marked as read.'),
    ).toBeVisible();
    await expect.poll(() => unreadOn(other, otherMember)).toBe(0);
    expect(await unreadOn(suite.server, member)).toBe(0);
    await expect(list.getByText('Nothing unread here.')).toHaveCount(2);
  });
});

test('read receipts name who has read a message, never the sender or who turned them off', async ({
  page,
}) => {
  const owner = user('owner');
  const member = user('member');
  const message = suite.post(owner, 'receipts', 'did everyone see this?');
  // Max turned read receipts off: his reading is his own business.
  suite.record(user('member2')).settings.send_read_receipts = false;
  for (const reader of [user('admin'), user('member2'), member]) {
    await serverApi(suite.server.url, reader, 'POST', '/messages/flags', {
      messages: [message.id],
      op: 'add',
      flag: 'read',
    });
  }
  await suite.openAt(page, member, 'channel:general topic:receipts');
  await (await menuItem(page, message.id, 'View read receipts')).click();
  const viewer = page.getByRole('region', { name: `Read receipts of message ${message.id}` });
  await expect(viewer.getByRole('status')).toHaveText('This message has been read by 2 people:');
  await expect(viewer.getByRole('list', { name: 'Read by' }).getByRole('listitem')).toHaveText([
    'You',
    'Ada Admin',
  ]);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(
    messageRow(page, message).getByRole('button', { name: /^Message actions: / }),
  ).toBeFocused();
});

test('a message that mentions the reader is highlighted whole, as upstream does', async ({
  page,
}) => {
  const owner = user('owner');
  const personal = suite.post(owner, 'highlight', '@**Mel Member** can you look?');
  const group = suite.post(owner, 'highlight', '@*support* anyone around?');
  const wildcard = suite.post(owner, 'highlight', '@**all** standup moved');
  const plain = suite.post(owner, 'highlight', 'just a note');
  const others = suite.post(owner, 'highlight', '@**Max Member** yours');
  await suite.openAt(page, user('member'), 'channel:general topic:highlight');
  for (const m of [personal, group, wildcard]) {
    await expect(messageRow(page, m)).toHaveClass(/\bmentioned\b/);
  }
  for (const m of [plain, others]) {
    await expect(messageRow(page, m)).not.toHaveClass(/\bmentioned\b/);
  }
  // The highlight is a background the reader sees, unlike a plain row's.
  const background = (id: number) =>
    messageRow(page, id).evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole('textbox', { name: 'Narrow' }).focus();
  expect(await background(personal.id)).not.toBe(await background(plain.id));
});
