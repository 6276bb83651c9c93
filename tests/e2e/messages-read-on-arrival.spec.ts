/**
 * A message that arrives at the newest end of the list the reader is looking at (window in
 * front, list at its end, the message in the narrow, a view that marks read on sight) is read
 * on arrival (docs/notifications.md, "Read on arrival"): never drawn unread, and neither the
 * sidebar's counts, the tab's title nor the tray badge change for it. Scrolled up, or with the
 * window in the background, it stays unread and counts, as before.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Core } from '../../src/core/core.ts';
import type { RecordingBadgeSink } from '../../src/core/notify/recorders.ts';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { FLAG_BITS } from '../../src/server/messages/flags.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { WebHost } from '../../src/web/host.ts';
import { useServerAndBadgeCore } from './support/badge-core.ts';
import { lastCall, recordCoreCalls, type CoreCall } from './support/core-calls.ts';
import { narrowTo } from './support/message-data.ts';

let server: StartedServer;
let core: Core;
let host: WebHost;
let badge: RecordingBadgeSink;
let m: Messaging;
let calls: CoreCall[];
useServerAndBadgeCore((p) => {
  ({ server, core, host, badge } = p);
  m = messaging(server.ctx);
  calls = recordCoreCalls(core);
});

/** The narrow the Core was last told new messages arrive read in (null: none). */
const toldReading = () =>
  (lastCall(calls, 'messages.reading') as { narrow: unknown } | undefined)?.narrow;

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;
/** A message from `sender` to #general > `topic`. */
const post = (sender: ServerUser, topic: string, content: string) =>
  m.send({ sender: record(sender), streamId: general().stream_id, topic, content });

/**
 * Records, from before the app's first script, everything the page ever draws as unread: a
 * row with the unread mark, a sidebar label with a count, the tab's title. A mutation
 * observer is told of each change before it is painted, so a state drawn for one frame only
 * is caught too. `inFront`: whether the window has the focus.
 */
async function watchUnread(page: Page, inFront: boolean): Promise<void> {
  await page.addInitScript((front) => {
    const w = window as Window & { inFront?: boolean; drawnUnread?: Set<string> };
    w.inFront = front;
    document.hasFocus = () => w.inFront === true;
    const drawn = (w.drawnUnread = new Set<string>());
    const look = () => {
      for (const row of document.querySelectorAll('.message.unread'))
        drawn.add(`row ${row.textContent?.trim().slice(0, 200)}`);
      for (const el of document.querySelectorAll('nav [aria-label*="unread"]'))
        drawn.add(`label ${el.getAttribute('aria-label')}`);
      if (/^\(\d+\)/.test(document.title)) drawn.add(`title ${document.title}`);
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, inFront);
}

const drawnUnread = (page: Page) =>
  page.evaluate(() => [...(window as Window & { drawnUnread?: Set<string> }).drawnUnread!]);

/**
 * All messages opened in a focused window over `count` of the reader's own messages (read),
 * so the list has an end to stand at; returns the list once its newest is drawn.
 */
async function openOverOwnMessages(page: Page, owner: ServerUser, count: number) {
  for (let i = 0; i < count; i++) post(owner, 'chat', `mine ${i}`);
  await watchUnread(page, true);
  await openAllMessages(page, owner);
  const list = page.getByTestId('message-list');
  await expect(list.getByRole('article').last()).toContainText(`mine ${count - 1}`);
  return list;
}

async function openAllMessages(page: Page, owner: ServerUser): Promise<void> {
  await core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
}

const isRead = (owner: ServerUser, id: number) =>
  (m.store.history(owner.user_id).flagsOf(id)! & FLAG_BITS.read) === FLAG_BITS.read;

test('a message arriving at the end of the list the reader looks at is never shown unread, and no count changes', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  const list = await openOverOwnMessages(page, owner, 3);
  await expect(list.getByRole('article')).toHaveCount(3);
  await expect.poll(toldReading).toEqual([]);
  const updatesBefore = badge.updates.length;

  const dm = m.send({ sender: record(member), dmUserIds: [owner.user_id], content: 'psst, now' });
  const inChannel = post(member, 'chat', 'and in the channel');
  await expect(list.getByRole('article')).toHaveCount(5);
  await expect(list.getByRole('article').last()).toContainText('and in the channel');
  // The read marks reach the server, by the same path as the page's own.
  await expect.poll(() => isRead(owner, dm.id) && isRead(owner, inChannel.id)).toBe(true);

  expect(await drawnUnread(page)).toEqual([]);
  expect(badge.updates.slice(updatesBefore).filter((b) => b.count > 0)).toEqual([]);
  expect(badge.current.count).toBe(0);
});

test('a message arriving while the reader is scrolled up, or away from the window, stays unread and counts until seen', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  const list = await openOverOwnMessages(page, owner, 60);
  await expect.poll(toldReading).toEqual([]);

  // Scrolled up, away from the newest end. The message is sent once the page has told the
  // Core so: one that comes in the instant of the scroll may still arrive read.
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(list.getByRole('article').filter({ hasText: 'mine 0' })).toBeInViewport();
  await expect.poll(toldReading).toBeNull();
  const first = m.send({ sender: record(member), dmUserIds: [owner.user_id], content: 'psst 1' });
  const conversations = page.getByRole('navigation', { name: 'Conversations' });
  await expect(conversations.getByRole('button', { name: 'All messages, 1 unread' })).toBeVisible();
  await expect.poll(() => badge.current.count).toBe(1);
  expect(isRead(owner, first.id)).toBe(false);

  // Back at the end, with the window in the background: the next one stays unread too.
  await page.evaluate(() => {
    (window as Window & { inFront?: boolean }).inFront = false;
    window.dispatchEvent(new Event('blur'));
  });
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(list.getByRole('article').last()).toContainText('psst 1');
  await expect.poll(() => lastCall(calls, 'presence.window')).toEqual({ state: 'idle' });
  expect(toldReading()).toBeNull();
  const second = m.send({ sender: record(member), dmUserIds: [owner.user_id], content: 'psst 2' });
  await expect(conversations.getByRole('button', { name: 'All messages, 2 unread' })).toBeVisible();
  await expect.poll(() => badge.current.count).toBe(2);
  await expect(list.locator('.message.unread')).toHaveCount(2);
  expect(isRead(owner, second.id)).toBe(false);

  // Brought forward at the end: both, on screen, are read now.
  await page.evaluate(() => {
    (window as Window & { inFront?: boolean }).inFront = true;
    window.dispatchEvent(new Event('focus'));
  });
  await expect.poll(() => isRead(owner, first.id) && isRead(owner, second.id)).toBe(true);
  await expect(list.locator('.message.unread')).toHaveCount(0);
  await expect.poll(() => badge.current.count).toBe(0);
});

test('only a view that marks read on sight reads on arrival, and only its own conversation', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  // Policy 2: only a conversation (a channel's topic, a DM) marks what is seen read.
  record(owner).settings['web_mark_read_on_scroll_policy'] = 2;
  const list = await openOverOwnMessages(page, owner, 3);
  const conversations = page.getByRole('navigation', { name: 'Conversations' });
  await expect(page.locator('[data-marks-read]')).toHaveAttribute('data-marks-read', 'false');

  // All messages at its end, in front: not a conversation, so this one stays unread.
  const inAll = post(member, 'chat', 'seen in all messages');
  await expect(list.getByRole('article').last()).toContainText('seen in all messages');
  await expect(conversations.getByRole('button', { name: 'All messages, 1 unread' })).toBeVisible();

  // The conversation, at its end: its new message is read on arrival, another topic's is not.
  await narrowTo(page, 'channel:general topic:chat');
  await expect(page.locator('[data-marks-read]')).toHaveAttribute('data-marks-read', 'true');
  await expect.poll(() => isRead(owner, inAll.id)).toBe(true);
  await expect(
    conversations.getByRole('button', { name: 'All messages', exact: true }),
  ).toBeVisible();
  await expect.poll(toldReading).not.toBeNull();
  const here = post(member, 'chat', 'in the conversation');
  const elsewhere = post(member, 'other', 'in another topic');
  await expect(list.getByRole('article').last()).toContainText('in the conversation');
  await expect(conversations.getByRole('button', { name: 'All messages, 1 unread' })).toBeVisible();
  await expect.poll(() => isRead(owner, here.id)).toBe(true);
  expect(isRead(owner, elsewhere.id)).toBe(false);
  // Never drawn unread, as the message in All messages was.
  const drawn = await drawnUnread(page);
  expect(drawn.filter((d) => d.includes('seen in all messages'))).not.toEqual([]);
  expect(drawn.filter((d) => d.includes('in the conversation'))).toEqual([]);
});
