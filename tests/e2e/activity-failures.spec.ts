/**
 * The Activity panel when a call to the Core fails (the browser-mode connection closes while
 * the call is out): the failure is named on the panel, no uncaught error reaches the page,
 * and doing it again works and clears the error. These calls never reach the chat server,
 * so the failure is made at the page's own end of the bridge, for the one channel named,
 * or by closing the browser-mode host itself.
 */
import { expect, test, type Page } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

expectNoPageErrors();

/** Makes the next `count` calls on `channel` fail as a closed connection does. */
async function failNext(page: Page, channel: string, count = 1): Promise<void> {
  await page.addInitScript(
    ({ channel, count }) => {
      let left = count;
      let bridge: { invoke(c: string, a: unknown): Promise<unknown> } | undefined;
      Object.defineProperty(window, 'perch', {
        configurable: true,
        get: () => bridge,
        set(value: typeof bridge & object) {
          const real = value.invoke.bind(value);
          value.invoke = async (c, a) =>
            c === channel && left-- > 0
              ? {
                  ok: false,
                  error: { code: 'DISCONNECTED', message: 'The connection to Perch closed.' },
                }
              : real(c, a);
          bridge = value;
        },
      });
    },
    { channel, count },
  );
}

async function openActivity(page: Page) {
  const owner = server.users.find((u) => u.role === 100)!;
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Sync of / })).toBeVisible();
}

test('a failed reconnect is named on the panel; the next one goes through', async ({ page }) => {
  await failNext(page, 'sync.reconnect');
  await openActivity(page);
  await page.getByRole('button', { name: 'Reconnect now' }).click();
  // Said in words; the Core's own text only under Details.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/^This window lost its connection to Perch/);
  await expect(alert.getByText('The connection to Perch closed.')).toBeHidden();
  await alert.getByText('Details').click();
  await expect(alert.getByText('The connection to Perch closed.')).toBeVisible();
  await page.getByRole('button', { name: 'Reconnect now' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a decision log that fails to load is named; showing it again loads it and clears the error', async ({
  page,
}) => {
  await failNext(page, 'sync.decisions');
  await openActivity(page);
  await expect(page.getByRole('alert')).toContainText(/^This window lost its connection to Perch/);
  await page.getByRole('button', { name: 'Show decisions' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Last decisions for / })).toBeVisible();
});

test('a call made while the browser-mode host is away is answered at once with the reason', async ({
  page,
}) => {
  await openActivity(page);
  await mode.host.close();
  await expect(page.getByText('Disconnected from the core; retrying')).toBeVisible();
  const reconnect = page.getByRole('button', { name: 'Reconnect now' });
  for (let i = 0; i < 3; i++) {
    await reconnect.click();
    await expect(page.getByRole('alert')).toContainText(
      /^This window lost its connection to Perch[\s\S]*Perch is not connected; try again once it is\.$/,
    );
    await expect(reconnect).toBeEnabled();
  }
});
