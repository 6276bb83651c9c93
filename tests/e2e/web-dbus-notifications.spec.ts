/**
 * Browser mode goes on notifying with no tab open (docs/notifications.md "D-Bus"): the host's
 * Core sends the notification over D-Bus to the desktop's notification server, and the
 * notification's "Mark as read" clears the unread count on the service's server and the badge.
 * The notification server is the test's own, on a private bus, since pressing a button on a
 * real one cannot be scripted; it sends ActionInvoked as the specification says.
 */
import { expect, test } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { sendAs } from '../fixtures/send-message.ts';
import type { OwnNotificationServer } from '../fixtures/own-notification-server.ts';
import { useDbusDesktop } from './support/dbus-session.ts';

let desktop: OwnNotificationServer;
let mode: BrowserMode;
let server: StartedServer;
useDbusDesktop((d) => ({ desktop, mode, server } = d));

const owner = () => server.users.find((u) => u.role === 100)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

async function ownerUnread(): Promise<number[]> {
  const auth = Buffer.from(`${owner().email}:${owner().api_key}`).toString('base64');
  const query = new URLSearchParams({
    anchor: 'newest',
    num_before: '50',
    num_after: '0',
    narrow: JSON.stringify([['is', 'unread']]),
  });
  const res = await fetch(`${server.url}/api/v1/messages?${query}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  const body = (await res.json()) as { messages: { id: number }[] };
  return body.messages.map((m) => m.id);
}

test('with the tab closed, a DM notifies over D-Bus and Mark as read clears it everywhere', async ({
  context,
}) => {
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner().email,
    apiKey: owner().api_key,
  });
  expect(r.ok).toBe(true);
  const page = await context.newPage();
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByTestId('notification-path')).toContainText(
    "the desktop's notification server over D-Bus",
  );
  await expect(page).toHaveTitle('Perch');
  const badges: number[] = [];
  mode.core.subscribe(
    (_topic, payload) => badges.push((payload as { count: number }).count),
    (topic) => topic === 'badge.changed',
  );
  await page.close();

  const id = await sendAs(server, member(), {
    type: 'direct',
    to: [owner().user_id],
    content: 'Can you approve the release?',
  });
  await expect
    .poll(() => desktop.find(member().full_name)?.body)
    .toBe('Can you approve the release?');
  await expect.poll(() => badges.at(-1)).toBe(1);
  expect(await ownerUnread()).toContain(id);

  const shown = desktop.find(member().full_name)!;
  expect(shown.actions).toContain('Mark as read');
  desktop.invoke(shown.id, 'read');
  await expect.poll(ownerUnread).not.toContain(id);
  await expect.poll(() => badges.at(-1)).toBe(0);
  await expect.poll(() => desktop.closed).toContain(shown.id);

  const again = await context.newPage();
  await again.goto(mode.host.url);
  await expect(again).toHaveTitle('Perch');
});
