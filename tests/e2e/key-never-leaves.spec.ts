/**
 * The API key never reaches the renderer, a file or a log: through a whole sign-in, fetch
 * and sign-out, no bridge frame in either direction and no file under the data directory
 * contains it. Signing in by web token means the key is never typed, so it may appear
 * nowhere at all.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_JWT_KEY, type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { signJwt } from './support/jwt.ts';
import { sendAs } from '../fixtures/send-message.ts';
import { keychainListing, readTree } from './support/secrets.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

test('no bridge message and no data file ever holds the API key', async ({ page }) => {
  const user = server.users.find((u) => u.role === 200)!;
  const frames: string[] = [];
  const pushes: unknown[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push(String(f.payload)));
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  mode.core.subscribe((topic, payload) => pushes.push({ topic, payload }));

  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  await page.getByLabel('Organization address').fill(server.url);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByRole('tab', { name: 'Signed web token' }).click();
  await page.getByLabel('Signed web token').fill(signJwt({ email: user.email }, DEFAULT_JWT_KEY));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(user.full_name);
  // The key is in the keychain, its email beside it (credential.ts); no entry's name says whose.
  const listing = keychainListing();
  expect(listing).toContain(`"apiKey":"${user.api_key}"`);
  const names = listing.split('\n').filter((line) => line.startsWith('attribute.account'));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).not.toContain(user.email);

  // Fetch: everything the renderer asks about the account: its messages, its queue and
  // decision log, and the account list after a reload.
  await page.getByRole('button', { name: 'Done' }).click();
  const sender = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  await sendAs(server, sender, { type: 'direct', to: [user.user_id], content: 'hello' });
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByRole('article').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Accounts' }).click();
  await expect(page.getByRole('list', { name: 'Signed-in accounts' })).toContainText(user.email);
  const filesWhileSignedIn = await readTree(mode.dataDir);

  await page.getByRole('button', { name: `Sign out of Perch Demo as ${user.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try the demo organization' })).toBeVisible();

  expect(frames.length).toBeGreaterThan(10);
  for (const frame of frames) expect(frame).not.toContain(user.api_key);
  expect(JSON.stringify(pushes)).not.toContain(user.api_key);
  expect(filesWhileSignedIn.some((f) => f.path.endsWith('accounts.json'))).toBe(true);
  for (const file of [...filesWhileSignedIn, ...(await readTree(mode.dataDir))]) {
    expect(file.text, file.path).not.toContain(user.api_key);
  }
  expect(keychainListing()).not.toContain(user.api_key);
});
