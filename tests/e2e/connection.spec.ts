/**
 * Browser mode when its host goes away: the window says it is disconnected, and a call the
 * user makes meanwhile is answered at once with that, instead of waiting for ever on a
 * closed connection with its button stuck.
 */
import { expect, test } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { expectNoPageErrors } from './support/page-errors.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

expectNoPageErrors();

test('a call made while the host is away is answered with the reason', async ({ page }) => {
  const owner = server.users.find((u) => u.role === 100)!;
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Sync of / })).toBeVisible();

  await mode.host.close();
  await expect(page.getByText('Disconnected from the core; retrying')).toBeVisible();
  const reconnect = page.getByRole('button', { name: 'Reconnect now' });
  for (let i = 0; i < 3; i++) {
    await reconnect.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Perch is not connected; try again once it is.',
    );
    await expect(reconnect).toBeEnabled();
  }
});
