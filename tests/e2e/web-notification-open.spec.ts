/**
 * Browser mode with no tab open: a click on a desktop notification (its default action, from
 * a notification server of the test's own on a private bus) makes the host open a tab on its
 * conversation (docs/notifications.md "Actions"). The launcher the host is given here opens
 * the URL in this test's browser, as xdg-open would open it in the user's.
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
const launched: string[] = [];
test.beforeEach(() => {
  launched.length = 0;
});
useDbusDesktop((d) => ({ desktop, mode, server } = d), {
  launcher: (url) => launched.push(url),
});

test('a notification clicked with no tab open opens one at its message', async ({ page }) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  expect(r.ok).toBe(true);
  const id = await sendAs(server, member, {
    type: 'direct',
    to: [owner.user_id],
    content: 'The build is green',
  });
  await expect.poll(() => desktop.find(member.full_name)).toBeDefined();

  desktop.invoke(desktop.find(member.full_name)!.id, 'default');
  await expect.poll(() => launched.length).toBe(1);
  await page.goto(launched[0]!);

  const message = page.getByRole('article', { name: `Message ${id} from ${member.full_name}` });
  await expect(message).toHaveAttribute('aria-current', 'true');
  await expect(message).toContainText('The build is green');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(/dm:/);
  // The address bar keeps neither the token nor the conversation: a reload opens where the user is.
  expect(new URL(page.url()).search).toBe('');
});
