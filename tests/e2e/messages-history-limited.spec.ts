/**
 * `history_limited` (spec 4.5: plan restrictions hid the oldest matches) shows a banner. The
 * reference server has no plans, so a real HTTP hop in front of it answers as a plan-limited
 * server would: history_limited true whenever the oldest matches were fetched.
 */
import { expect, test } from '@playwright/test';
import { type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { startRewritingProxy } from './support/rewriting-proxy.ts';
import { sendAs } from '../fixtures/send-message.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

/** Another user posts the one message of the history; returns the administrator who reads it. */
async function postOneMessage() {
  const other = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  await sendAs(server, other, {
    type: 'stream',
    to: 'general',
    topic: 'hello',
    content: 'First visible message',
  });
  return server.users.find((u) => u.role === 200)!;
}

test('a plan-limited history says that older messages are hidden', async ({ page }) => {
  const me = await postOneMessage();
  const proxy = await startRewritingProxy(server.url, ({ method, path }, body) =>
    method === 'GET' && path.startsWith('/api/v1/messages?') && body.found_oldest === true
      ? { ...body, history_limited: true }
      : undefined,
  );
  try {
    await mode.core.invoke('accounts.signInWithKey', {
      serverUrl: proxy.url,
      email: me.email,
      apiKey: me.api_key,
    });
    await page.goto(mode.host.url);
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText(
      'First visible message',
    );
    await expect(
      page.getByRole('status').filter({ hasText: 'Older messages are hidden' }),
    ).toBeVisible();
    // The top of the list says where the visible history starts, not that it all began there.
    await expect(page.getByTestId('history-start')).toHaveText(
      'The history this organization’s plan lets you see starts here.',
    );
  } finally {
    await proxy.close();
  }
});

test('an unlimited history shows no such banner', async ({ page }) => {
  const me = await postOneMessage();
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: me.email,
    apiKey: me.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('First visible message');
  await expect(page.getByText('Older messages are hidden')).toHaveCount(0);
});
