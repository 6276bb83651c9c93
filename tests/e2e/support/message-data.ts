/**
 * What the message-list specs share: the reference server's users by role, messages posted
 * straight into its store, and the window opened on all of an account's messages.
 */
import { expect, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../../src/server/index.ts';
import type { Messaging } from '../../../src/server/messages/service.ts';
import type { StoredMessage } from '../../../src/server/messages/types.ts';
import type { UserRecord } from '../../../src/server/state/types.ts';
import type { BrowserMode } from './web-host.ts';

export function messageData(server: () => StartedServer, m: () => Messaging) {
  const byRole = (role: number) => server().users.find((u) => u.role === role && !u.is_bot)!;
  const record = (u: ServerUser) => server().state.users.get(u.user_id) as UserRecord;
  const channelId = (name: string) =>
    [...server().state.channels.values()].find((c) => c.name === name)!.stream_id;
  /** A message in #general, optionally at a given UNIX time. */
  const post = (sender: ServerUser, topic: string, content: string, timestamp?: number) =>
    m().send({
      sender: record(sender),
      streamId: channelId('general'),
      topic,
      content,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  const dm = (sender: ServerUser, to: ServerUser[], content: string, timestamp?: number) =>
    m().send({
      sender: record(sender),
      dmUserIds: to.map((u) => u.user_id),
      content,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  return { byRole, record, channelId, post, dm };
}

export const narrowBox = (page: Page) => page.getByRole('textbox', { name: 'Narrow' });
export const messageRow = (page: Page, message: StoredMessage) =>
  page.locator(`article[data-message-id="${message.id}"]`);

export async function showAllMessages(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^All messages/ })
    .click();
  await expect(narrowBox(page)).toHaveValue('');
}

/** Signs `user` in and opens the window on all of their messages; returns the account id. */
export async function openAllMessages(
  page: Page,
  mode: BrowserMode,
  server: StartedServer,
  user: ServerUser,
): Promise<string> {
  const signed = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await showAllMessages(page);
  return (signed.ok && (signed.result as { id: string }).id) || '';
}
