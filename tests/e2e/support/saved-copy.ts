import { expect, type Page } from '@playwright/test';
import type { ServerUser } from '../../../src/server/index.ts';
import { openNarrow } from './message-menu.ts';
import type { SwitchableServer } from './switchable-server.ts';
import type { BrowserMode } from './web-host.ts';

/**
 * Perch started again from its saved copy with its organization out of reach
 * (docs/architecture.md, "The cache on disk"): `user` signs in through `hop`, reads `narrow`
 * until `seen` shows (so the copy holds it), then the hop goes down and Perch quits and starts
 * again. The caller brings the server back with `hop.up()`.
 */
export async function restartOffline(
  page: Page,
  mode: BrowserMode,
  hop: SwitchableServer,
  { user, narrow, seen }: { user: ServerUser; narrow: string; seen: string },
): Promise<void> {
  const signed = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: hop.url,
    email: user.email,
    apiKey: user.api_key,
  });
  expect(signed.ok).toBe(true);
  await openNarrow(page, mode, narrow);
  await expect(page.getByText(seen)).toBeVisible();
  await hop.down();
  await mode.restart();
}
