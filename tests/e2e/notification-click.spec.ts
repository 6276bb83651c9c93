/**
 * Clicking a notification opens the window narrowed to its message. The host (Electron's
 * notifier, tested in tests/unit/electron/notifications.test.ts) calls core.reveal(); here the
 * renderer's half: the Messages view opens on that conversation with that message selected,
 * whatever was on screen.
 */
import { expect, test } from '@playwright/test';
import { type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { sendAs } from '../fixtures/send-message.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

test('a clicked notification shows its conversation with the message selected', async ({
  page,
}) => {
  const me = server.users.find((u) => u.role === 100)!;
  const sender = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const signedIn = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: me.email,
    apiKey: me.api_key,
  });
  expect(signedIn.ok).toBe(true);
  const accountId = (signedIn.ok && (signedIn.result as { id: string }).id) || '';

  const id = await sendAs(server, sender, {
    type: 'direct',
    to: [me.user_id],
    content: 'Ping from the notification test',
  });

  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Preferences' }).click();
  mode.core.reveal({
    accountId,
    messageId: id,
    narrow: [{ operator: 'dm', operand: [sender.user_id] }],
  });

  const message = page.getByRole('article', { name: `Message ${id} from ${sender.full_name}` });
  await expect(message).toHaveAttribute('aria-current', 'true');
  await expect(message).toContainText('Ping from the notification test');
  await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(/dm:/);
});
