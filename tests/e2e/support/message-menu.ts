/**
 * What the message-action specs share: a Core signed in and its window opened on a narrow,
 * and an item of one message's menu.
 */
import type { Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../../src/server/index.ts';
import { messageRow, narrowTo } from './message-data.ts';
import type { BrowserMode } from './web-host.ts';

/** Opens `core`'s window in `page` on the Messages view, narrowed by the bar's text. */
export async function openNarrow(page: Page, core: BrowserMode, narrow: string): Promise<void> {
  await page.goto(core.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await narrowTo(page, narrow);
}

/** Signs `user` in to `core`, then opens its window on `narrow`. */
export async function signInAt(
  page: Page,
  core: BrowserMode,
  server: StartedServer,
  user: ServerUser,
  narrow: string,
): Promise<void> {
  await core.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
  });
  await openNarrow(page, core, narrow);
}

/** Opens message `id`'s menu from its row and returns the named item. */
export async function menuItem(page: Page, id: number, name: string | RegExp) {
  const row = messageRow(page, id);
  await row.hover();
  await row.getByRole('button', { name: /^Message actions: / }).click();
  return page.getByRole('menu', { name: /^Message actions: / }).getByRole('menuitem', { name });
}
