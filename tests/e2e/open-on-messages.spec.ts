/**
 * With an account signed in, Perch opens where the user works. For a user whose home view is
 * all messages (`web_home_view`), that is Messages, at the conversation holding the newest
 * unread message across every account (by when it was sent, not by id: ids only order one
 * server's messages), and the sidebar lists conversations with unread messages first. The
 * version numbers moved to About.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { asBackgroundWindow } from './support/background-window.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const user = (email: string) => server.users.find((u) => u.email === email)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

/** Signs in a user whose home view is all messages (the window opens there). */
async function signIn(u: ServerUser): Promise<string> {
  record(u).settings['web_home_view'] = 'all_messages';
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: u.email,
    apiKey: u.api_key,
  });
  expect(r.ok).toBe(true);
  return ((r.ok ? r.result : { id: '' }) as { id: string }).id;
}

test('opens on Messages at the newest unread conversation across accounts, unread first', async ({
  page,
}) => {
  const owner = user('owner@perch.test');
  const member = user('member@perch.test');
  const admin = user('admin@perch.test');
  const max = user('member2@perch.test');
  const m = messaging(server.ctx);
  const now = Math.floor(Date.now() / 1000);
  // Sent last (highest id) but written earliest: the owner's only unread message.
  const later = (seconds: number) => now + seconds;
  m.send({
    sender: record(admin),
    dmUserIds: [member.user_id],
    content: 'Can you review the release notes today?',
    timestamp: later(3000),
  });
  m.send({
    sender: record(member),
    dmUserIds: [max.user_id],
    content: 'Lunch at noon?',
    timestamp: later(3500),
  });
  m.send({
    sender: record(admin),
    dmUserIds: [owner.user_id],
    content: 'An older note for the owner',
    timestamp: later(1000),
  });
  await signIn(owner);
  const memberAccount = await signIn(member);
  // Both accounts' first registrations have brought their unread state.
  await expect
    .poll(async () => {
      const r = await mode.core.invoke('messages.newestUnread', {});
      return r.ok ? (r.result as { accountId: string } | null)?.accountId : undefined;
    })
    .toBe(memberAccount);

  // In the background, so the opened conversation stays unread while the order is checked.
  await asBackgroundWindow(page);
  await page.goto(mode.host.url);
  await expect(section(page, 'Messages')).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('button', { name: /^Account member@perch\.test on / }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(/^dm:/);
  // The bar says where the view starts: at the first unread message, not the newest.
  await expect(page.getByRole('combobox', { name: 'Start at' })).toHaveValue('first_unread');
  await expect(page.getByText('Can you review the release notes today?')).toBeVisible();
  await expect(page.getByText('An older note for the owner')).toHaveCount(0);

  // The conversation with an unread message comes before a newer one already read.
  const dms = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Direct messages with / });
  await expect(dms.first()).toHaveAccessibleName(/^Direct messages with Ada Admin/);
  await expect(dms.nth(1)).toHaveAccessibleName(/^Direct messages with Max Member$/);

  // Versions and the core's state are one click away, last in the section list.
  const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('button');
  await expect(sections.last()).toHaveText('About');
  await section(page, 'About').click();
  await expect(page.getByRole('heading', { name: 'About Perch' })).toBeVisible();
  await expect(page.getByTestId('core-state')).toHaveText('ready');
});

test('with accounts but nothing unread, opens on Messages at the newest messages', async ({
  page,
}) => {
  await signIn(user('member@perch.test'));
  await page.goto(mode.host.url);
  await expect(section(page, 'Messages')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue('');
});
