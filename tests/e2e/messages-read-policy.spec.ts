/**
 * Seeing messages marks them read only where the reader reads. A search never does; otherwise
 * the user's web_mark_read_on_scroll_policy decides (1 everywhere, 2 only in a conversation, 3
 * nowhere). Each "stays unread" is checked after something later in the same reading path has
 * been marked, or after a live message has come and been shown.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ServerUser } from '../../src/server/index.ts';
import { FLAG_BITS } from '../../src/server/messages/flags.ts';
import { messageRow as row, narrowTo } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';

const suite = useMessageSuite();

const owner = () => suite.byRole(100);
const member = () => suite.byRole(400);
const isRead = (user: ServerUser, id: number) =>
  (suite.m.store.history(user.user_id).flagsOf(id)! & FLAG_BITS.read) === FLAG_BITS.read;
/** Whether the view on screen marks what it shows read, as the list says once it knows. */
const marksRead = (page: Page) => page.locator('[data-marks-read]');
const setPolicy = (policy: number) => {
  suite.record(owner()).settings['web_mark_read_on_scroll_policy'] = policy;
};

/**
 * Unread messages for the owner: 30 in #general > plan (more than a screen, so opening a
 * view on them scrolls, which is when the list reports what is on screen), one in
 * #general > barrier.
 */
function unreadMessages() {
  const plan = Array.from(
    { length: 30 },
    (_, i) => suite.post(member(), 'plan', `findme plan ${i + 1}`).id,
  );
  const barrier = suite.post(member(), 'barrier', 'the barrier').id;
  return { plan, barrier };
}

async function openAllOwn(page: Page) {
  await suite.openAll(page, owner());
}

test('a search leaves the unread messages it shows unread', async ({ page }) => {
  setPolicy(1);
  const { plan, barrier } = unreadMessages();
  // The owner's own (read) messages fill the newest end, where All messages opens.
  for (let i = 0; i < 30; i++) suite.post(owner(), 'own', `own line ${i}`);
  await openAllOwn(page);
  await narrowTo(page, 'findme');
  await expect(row(page, plan.at(-1)!)).toBeVisible();
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'false');
  // A conversation afterwards is read, in the same reading path…
  await narrowTo(page, 'channel:general topic:barrier');
  await expect(row(page, barrier)).toBeVisible();
  await expect.poll(() => isRead(owner(), barrier)).toBe(true);
  // …and what the search showed is still unread.
  for (const id of plan) expect(isRead(owner(), id)).toBe(false);
  await expect(row(page, barrier)).not.toHaveClass(/unread/);
});

test('policy 1: messages on screen in All messages become read', async ({ page }) => {
  setPolicy(1);
  const { plan, barrier } = unreadMessages();
  await openAllOwn(page);
  await expect(row(page, barrier)).toBeVisible();
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'true');
  // The newest end is on screen: the barrier and the last of the plan are read.
  await expect.poll(() => [plan.at(-1)!, barrier].every((id) => isRead(owner(), id))).toBe(true);
});

test('policy 2: All messages leaves them unread, a conversation marks its own', async ({
  page,
}) => {
  setPolicy(2);
  const { plan, barrier } = unreadMessages();
  await openAllOwn(page);
  await expect(row(page, plan.at(-1)!)).toBeVisible();
  await expect(row(page, barrier)).toBeVisible();
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'false');
  await narrowTo(page, 'channel:general topic:barrier');
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'true');
  await expect.poll(() => isRead(owner(), barrier)).toBe(true);
  for (const id of plan) expect(isRead(owner(), id)).toBe(false);
  // A direct-message conversation is a conversation too.
  const dm = suite.dm(member(), [owner()], 'a direct word').id;
  await narrowTo(page, `dm:${member().email}`);
  await expect(row(page, dm)).toBeVisible();
  await expect.poll(() => isRead(owner(), dm)).toBe(true);
});

test('policy 3: nothing seen is marked read, not even in a conversation', async ({ page }) => {
  setPolicy(3);
  const { plan, barrier } = unreadMessages();
  await openAllOwn(page);
  await expect(row(page, barrier)).toBeVisible();
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'false');
  await narrowTo(page, 'channel:general topic:plan');
  await expect(row(page, plan.at(-1)!)).toBeVisible();
  await expect(marksRead(page)).toHaveAttribute('data-marks-read', 'false');
  // A message arriving live and shown comes after the reading above.
  const live = suite.post(member(), 'plan', 'live one').id;
  await expect(row(page, live)).toBeVisible();
  for (const id of [...plan, barrier, live]) expect(isRead(owner(), id)).toBe(false);
  await expect(row(page, live)).toHaveClass(/unread/);
});

test('Esc leaves compose with the draft kept, and the keyboard is back on the list', async ({
  page,
}) => {
  const { barrier } = unreadMessages();
  await suite.openAt(page, owner(), 'channel:general topic:barrier');
  await expect(row(page, barrier)).toBeVisible();
  const list = page.getByTestId('message-list');
  await list.focus();
  await page.keyboard.press('r');
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toBeFocused();
  await page.keyboard.type('half a thought');
  await page.keyboard.press('Escape');
  await expect(list).toBeFocused();
  await expect(message).toHaveValue('half a thought');
  await page.keyboard.press('r');
  await expect(message).toBeFocused();
  await expect(message).toHaveValue('half a thought');
});
