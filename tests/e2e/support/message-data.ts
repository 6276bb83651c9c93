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
  /** The `nth` human (not bot) with the role (spec 2.1 values), in the server's order. */
  const byRole = (role: number, nth = 0) =>
    server().users.filter((u) => u.role === role && !u.is_bot)[nth]!;
  /** The demo user whose address is `local`@perch.test. */
  const byEmail = (local: string) => server().users.find((u) => u.email === `${local}@perch.test`)!;
  const record = (u: ServerUser) => server().state.users.get(u.user_id) as UserRecord;
  const channelId = (name: string) =>
    [...server().state.channels.values()].find((c) => c.name === name)!.stream_id;
  /** A message in #general, optionally at a given UNIX time. */
  const post = (sender: ServerUser, topic: string, content: string, timestamp?: number) =>
    postTo(sender, 'general', topic, content, timestamp);
  /** A message in the named channel, optionally at a given UNIX time. */
  const postTo = (
    sender: ServerUser,
    channel: string,
    topic: string,
    content: string,
    timestamp?: number,
  ) =>
    m().send({
      sender: record(sender),
      streamId: channelId(channel),
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
  return { byRole, byEmail, record, channelId, post, postTo, dm };
}

export const narrowBox = (page: Page) => page.getByRole('textbox', { name: 'Narrow' });
/** A message's row in the list, by the message or its id. */
export const messageRow = (page: Page, message: StoredMessage | number) =>
  page.locator(`article[data-message-id="${typeof message === 'number' ? message : message.id}"]`);
/** A button of the Conversations sidebar by its exact accessible name. */
export const sidebarButton = (page: Page, name: string | RegExp) =>
  page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name, exact: true });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A topic's button in the sidebar, whether or not it has unread messages. */
export const sidebarTopic = (page: Page, topic: string, channel = 'general') =>
  page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', {
    name: new RegExp(`^Topic ${escaped(topic)}(, \\d+ unread,)? in ${escaped(channel)}$`),
  });

/**
 * Opens a topic from the sidebar. The sidebar lists the topics of the channel being read
 * only, so the channel is opened first when another place is shown.
 */
export async function openSidebarTopic(page: Page, topic: string, channel = 'general') {
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  if (!(await nav.getByRole('list', { name: `Topics in ${channel}` }).isVisible())) {
    await nav
      .getByRole('button', {
        name: new RegExp(`^Channel ${escaped(channel)}( \\(muted\\))?(, \\d+ unread)?$`),
      })
      .click();
  }
  await sidebarTopic(page, topic, channel).click();
}

/** Types a narrow into the bar and runs it. */
export async function narrowTo(page: Page, text: string): Promise<void> {
  await narrowBox(page).fill(text);
  await page.getByRole('button', { name: 'Go' }).click();
}

export async function showAllMessages(page: Page): Promise<void> {
  await sidebarButton(page, /^All messages/).click();
  await expect(narrowBox(page)).toHaveValue('');
}

/**
 * Signs `user` in and opens the window on all of their messages; returns the account id.
 * `serverUrl` signs in somewhere else than `server` (a proxy in front of it, say).
 */
export async function openAllMessages(
  page: Page,
  mode: BrowserMode,
  server: StartedServer,
  user: ServerUser,
  { serverUrl = server.url }: { serverUrl?: string } = {},
): Promise<string> {
  const signed = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await showAllMessages(page);
  return (signed.ok && (signed.result as { id: string }).id) || '';
}
