/**
 * Drafts survive a restart of Perch. Text typed in two conversations is listed in the Drafts
 * view after the Core is quit and started again; restoring one puts it back in compose for its
 * own conversation, and a deleted one does not come back. The server keeps copies too (drafts
 * synchronization is on by default).
 */
import { expect, test, type Page } from '@playwright/test';
import { userDrafts } from '../../src/server/drafts/store.ts';
import type { StartedServer } from '../../src/server/index.ts';
import { signInAt } from './support/message-menu.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import type { BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const message = (page: Page) =>
  page.getByRole('form', { name: 'Compose' }).getByRole('textbox', { name: 'Message' });
const narrowBox = (page: Page) => page.getByRole('textbox', { name: 'Narrow' });

async function narrowTo(page: Page, narrow: string) {
  await narrowBox(page).fill(narrow);
  await page.getByRole('button', { name: 'Go' }).click();
}

/** What the Core has kept, by conversation: the restart must not start before it. */
async function keptDrafts(): Promise<Record<string, string>> {
  const call = async <R>(channel: string, args: unknown): Promise<R> => {
    const r = await mode.core.invoke(channel, args);
    if (!r.ok) throw new Error(r.error.message);
    return r.result as R;
  };
  const [account] = await call<{ id: string }[]>('accounts.list', {});
  const drafts = await call<{ key: string; content: string }[]>('drafts.list', {
    accountId: account!.id,
  });
  return Object.fromEntries(drafts.map((d) => [d.key, d.content]));
}

async function openDraftsAfterRestart(page: Page) {
  await mode.restart();
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: /^Drafts/ }).click();
  return page.getByRole('region', { name: 'Drafts' });
}

test('drafts typed before a restart are listed after it and restore to their conversation', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  await signInAt(page, mode, server, owner, 'channel:general topic:plans');
  await message(page).fill('Ship on Monday');
  await narrowTo(page, 'channel:development topic:review');
  await message(page).fill('Looks good to me');
  await narrowTo(page, 'channel:general');
  await expect.poll(keptDrafts).toEqual({
    'channel:general topic:plans': 'Ship on Monday',
    'channel:development topic:review': 'Looks good to me',
  });

  const onServer = () =>
    userDrafts(server.state, owner.user_id)
      .map((d) => d.content)
      .sort();
  await expect.poll(onServer).toEqual(['Looks good to me', 'Ship on Monday']);

  let drafts = await openDraftsAfterRestart(page);
  await expect(drafts.getByRole('listitem')).toHaveCount(2);
  const review = drafts.getByRole('listitem', { name: 'Draft to #development > review' });
  await expect(review).toContainText('Looks good to me');
  await review.getByRole('button', { name: 'Delete the draft to #development > review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete draft' }).click();
  await expect(drafts.getByRole('listitem')).toHaveCount(1);
  await expect.poll(keptDrafts).toEqual({ 'channel:general topic:plans': 'Ship on Monday' });
  await expect.poll(onServer).toEqual(['Ship on Monday']);

  drafts = await openDraftsAfterRestart(page);
  await expect(drafts.getByRole('listitem')).toHaveCount(1);
  await drafts
    .getByRole('listitem', { name: 'Draft to #general > plans' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(narrowBox(page)).toHaveValue('channel:general topic:plans');
  await expect(message(page)).toHaveValue('Ship on Monday');
});
