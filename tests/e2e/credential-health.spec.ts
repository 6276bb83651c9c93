/**
 * Credential health: a key the server stops accepting, or a deactivated user, puts the account
 * in "needs attention" with the reason shown, its queue stops (no retry loop), and
 * re-authenticating brings it back.
 */
import { expect, test } from '@playwright/test';
import { type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { queueState, signInPolling } from './support/queue-state.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const state = () => queueState(mode);

async function signInMember() {
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  await signInPolling(mode, server.url, member);
  return member;
}

test('a rejected key needs attention, stops retrying, and re-authenticating fixes it', async ({
  page,
}) => {
  const member = await signInMember();
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Accounts' }).click();

  // An administrator regenerates the user's key elsewhere; the queue's next request fails.
  const record = server.state.users.get(member.user_id)!;
  record.api_key = 'regenerated-key-0123456789abcdef';
  await mode.core.invoke('sync.reconnect', {});

  await expect(page.getByRole('alert').filter({ hasText: 'Needs attention' })).toBeVisible();
  await expect.poll(state).toBe('needs_attention');
  // No loop against a rejected key: even a reconnect request leaves the queue stopped.
  await mode.core.invoke('sync.reconnect', {});
  expect(await state()).toBe('needs_attention');

  await page.getByRole('button', { name: 'Re-authenticate' }).click();
  await expect(page.getByLabel('Organization address')).toHaveValue(server.url);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await page.getByLabel('API key').fill(record.api_key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Needs attention' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-authenticate' })).toHaveCount(0);
  await expect.poll(state).toBe('polling');
});

test('a deactivated user is told so on the account', async ({ page }) => {
  const member = await signInMember();
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Accounts' }).click();
  server.deactivateUser(member.user_id);
  await mode.core.invoke('sync.reconnect', {});
  await expect(page.getByRole('alert').filter({ hasText: 'Needs attention' })).toContainText(
    /deactivated/i,
  );
  await expect.poll(state).toBe('needs_attention');
});
