/**
 * The empty topic "" shows as the realm's name for it ("general chat"), and a reply there goes
 * back to "", not to a new topic literally named "general chat".
 */
import { expect, test } from '@playwright/test';
import { type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { openSidebarTopic } from './support/message-data.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

test('a reply in the topic shown as "general chat" lands in the empty topic', async ({ page }) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const m = messaging(server.ctx);
  const first = m.send({
    sender: server.state.users.get(member.user_id) as UserRecord,
    streamId: general.stream_id,
    topic: '',
    content: 'anyone around?',
  });

  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await openSidebarTopic(page, 'general chat');
  const row = page.locator(`article[data-message-id="${first.id}"]`);
  await expect(row).toContainText('#general › general chat');

  const compose = page.getByRole('form', { name: 'Compose' });
  const topic = compose.getByRole('combobox', { name: 'Topic' });
  await expect(topic).toHaveValue('');
  await expect(topic).toHaveAttribute('placeholder', 'general chat');
  await compose.getByRole('textbox', { name: 'Message' }).fill('here!');
  await compose.getByRole('button', { name: 'Send' }).click();

  await expect.poll(() => m.store.get(m.store.maxId)?.content).toBe('here!');
  const reply = m.store.get(m.store.maxId)!;
  expect(reply.sender_id).toBe(owner.user_id);
  expect(reply.stream_id).toBe(general.stream_id);
  expect(reply.topic).toBe('');
  // The reply shows in the same conversation, under the same name.
  await expect(page.locator(`article[data-message-id="${reply.id}"]`)).toContainText(
    '#general › general chat',
  );
});
