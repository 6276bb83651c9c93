/**
 * The message menu's actions message-actions.spec leaves out: copy link, moving to another
 * channel, star across two clients of one user, and unread from here as the sidebar and the
 * server count it.
 */
import { expect, test } from '@playwright/test';
import type { ServerUser } from '../../src/server/index.ts';
import { messageRow as row, sidebarButton } from './support/message-data.ts';
import { menuItem, openNarrow } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();
const { byRole, post, openAt } = suite;
const send = (from: ServerUser, content: string, topic = 'actions') =>
  post(from, topic, content).id;
const NARROW = 'channel:general topic:actions';

test('copy link puts the message’s link on the clipboard, and following it jumps there', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = byRole(100);
  const id = send(byRole(400), 'the one to link to');
  for (let i = 0; i < 40; i++) send(byRole(400), `filler ${i}`, 'chatter');
  await openAt(page, owner, NARROW);

  await (await menuItem(page, id, 'Copy link to message')).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    new RegExp(`^${suite.server.url}/#narrow/channel/\\d+-general/topic/actions/near/${id}$`),
  );

  // Shared in another conversation, the link opens the message in its context. (A topic of
  // its own: the unread fillers would open 'chatter' at its first unread, far from the link.)
  const shared = send(owner, `[look](${link})`, 'sharing');
  await openNarrow(page, suite.mode, 'channel:general topic:sharing');
  await row(page, shared).getByRole('link', { name: 'look' }).click();
  await expect(row(page, id)).toHaveAttribute('data-jumped', 'true');
  await expect(row(page, id)).toBeInViewport();
});

test('moving one message, then one and the ones after it, to another channel shows live on another client', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const alone = send(owner, 'moves alone');
  const stays = send(owner, 'stays here');
  const from = send(byRole(400), 'moves with the next');
  const next = send(owner, 'moves with the one before');
  await openAt(page, owner, NARROW);
  const [old, target] = await suite.otherClient(
    browser,
    byRole(400),
    NARROW,
    'channel:development',
  );
  await expect(row(old, next)).toBeVisible();
  await expect(target!.getByText('No messages')).toBeVisible();

  const moveTo = async (id: number, which: string) => {
    await (await menuItem(page, id, 'Move message or topic…')).click();
    const form = page.getByRole('form', { name: `Move message ${id}` });
    await form.getByRole('combobox', { name: 'Channel' }).selectOption({ label: '#development' });
    await form.getByRole('radio', { name: which }).check();
    await form.getByRole('button', { name: 'Move' }).click();
    await expect(form).toHaveCount(0);
  };
  await moveTo(alone, 'Only this message');
  await expect(row(old, alone)).toHaveCount(0);
  await expect(row(target!, alone)).toContainText('moves alone');
  await expect(row(old, stays)).toBeVisible();

  await moveTo(from, 'This message and the ones after it');
  for (const id of [from, next]) {
    await expect(row(old, id)).toHaveCount(0);
    await expect(row(target!, id)).toBeVisible();
  }
  await expect(row(old, stays)).toBeVisible();
  await expect(row(target!, stays)).toHaveCount(0);
});

test('starring in one client adds the message to the same user’s Starred view in another', async ({
  page,
  browser,
}) => {
  const owner = byRole(100);
  const id = send(byRole(400), 'keep this one');
  await openAt(page, owner, NARROW);
  const [starred] = await suite.otherClient(browser, owner, 'is:starred');
  await expect(starred.getByText('No messages')).toBeVisible();

  await (await menuItem(page, id, 'Star message')).click();
  await expect(row(starred, id)).toContainText('keep this one');
  await (await menuItem(page, id, 'Unstar message')).click();
  await expect(row(starred, id)).toHaveCount(0);
});

test('unread from here raises the conversation’s sidebar count by the messages marked, as the server counts', async ({
  page,
}) => {
  const owner = byRole(100);
  const mel = byRole(400);
  const ids = [1, 2, 3, 4, 5].map((i) => send(mel, `news ${i}`));
  send(owner, 'mine, in another topic', 'elsewhere');
  await openAt(page, owner, NARROW);
  // Seen on screen, all five are read.
  await expect(row(page, ids[4]!)).toBeVisible();
  await expect(sidebarButton(page, 'Topic actions in general')).toBeVisible();
  await expect(sidebarButton(page, 'Channel general')).toBeVisible();

  await (await menuItem(page, ids[2]!, 'Mark as unread from here')).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Marked 3 messages unread.' }),
  ).toBeVisible();
  await expect(sidebarButton(page, 'Topic actions, 3 unread, in general')).toBeVisible();
  await expect(sidebarButton(page, 'Channel general, 3 unread')).toBeVisible();

  const unread = await fetch(
    `${suite.server.url}/api/v1/messages?${new URLSearchParams({
      anchor: 'newest',
      num_before: '100',
      num_after: '0',
      narrow: JSON.stringify([{ operator: 'is', operand: 'unread' }]),
    })}`,
    { headers: { authorization: `Basic ${btoa(`${owner.email}:${owner.api_key}`)}` } },
  ).then((r) => r.json() as Promise<{ messages: { id: number }[] }>);
  expect(unread.messages.map((x) => x.id)).toEqual(ids.slice(2));
});
