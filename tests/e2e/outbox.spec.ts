/**
 * The outbox and lost answers (docs/architecture.md "Writes") end to end: Chromium drives
 * browser mode, whose Core reaches the reference server through the suite's fault proxy. A send
 * whose answer is cut after the server applied it shows once and says sent (no Try again); a
 * send on a slow link survives leaving Messages, leaves neither compose nor Drafts holding it,
 * and arrives once.
 */
import { expect, test, type Page } from '@playwright/test';
import { exactly, startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { narrowTo } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const box = (page: Page) => compose(page).getByRole('textbox', { name: 'Message' });
const pending = (page: Page) => page.getByRole('list', { name: 'Messages not yet sent' });
const sendMessage = exactly('POST', '/api/v1/messages');

/** How many copies of `content` the server holds, read behind the client's back. */
function copies(content: string): number {
  const { store } = suite.m;
  let n = 0;
  for (let id = 1; id <= store.maxId; id++) if (store.get(id)?.content === content) n++;
  return n;
}

let proxy: FaultProxy;
test.beforeEach(async () => {
  proxy = await startFaultProxy(suite.server.url);
});
test.afterEach(async () => {
  await proxy.close();
});

test('a send whose answer is cut after the server applied it shows once and says sent', async ({
  page,
}) => {
  await suite.openAll(page, suite.byEmail('owner'), proxy.url);
  await narrowTo(page, 'channel:general topic:flaky');
  proxy.add((req) => (sendMessage(req) ? { kind: 'cut' } : undefined));
  await box(page).fill('cut on the way back');
  await box(page).press('Control+Enter');
  await expect(box(page)).toHaveValue('');
  await expect(compose(page).getByText('Sent.', { exact: true })).toBeVisible();
  const shown = page.getByRole('article').filter({ hasText: 'cut on the way back' });
  await expect(shown).toHaveCount(1);
  await expect(pending(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(proxy.log.filter((l) => sendMessage(l.req))).toHaveLength(1);
  expect(copies('cut on the way back')).toBe(1);
});

test('a send on a slow link survives going to Inbox and back: compose and Drafts let it go, the server has it once', async ({
  page,
}) => {
  await suite.openAll(page, suite.byEmail('owner'), proxy.url);
  await narrowTo(page, 'channel:general topic:slowlink');
  proxy.add((req) => (sendMessage(req) ? { kind: 'hold' } : undefined));
  await box(page).fill('sent on a slow link');
  await box(page).press('Control+Enter');
  await expect(box(page)).toHaveValue('');
  await expect(pending(page).getByRole('listitem')).toContainText('sent on a slow link');
  await expect(pending(page).getByRole('listitem')).toContainText('Sending…');
  await expect.poll(() => proxy.held().length).toBe(1);

  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await sections.getByRole('button', { name: 'Messages', exact: true }).click();
  // Still on its way: kept by the outbox, not by compose or Drafts.
  await expect(pending(page).getByRole('listitem')).toContainText('Sending…');
  await expect(box(page)).toHaveValue('');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: /^Drafts/ }).click();
  await expect(page.getByRole('region', { name: 'Drafts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Drafts' })).not.toContainText(
    'sent on a slow link',
  );
  await narrowTo(page, 'channel:general topic:slowlink');

  proxy.release();
  await expect(page.getByRole('article').filter({ hasText: 'sent on a slow link' })).toHaveCount(1);
  await expect(pending(page)).toHaveCount(0);
  await expect(box(page)).toHaveValue('');
  await expect.poll(() => copies('sent on a slow link')).toBe(1);
  await sections.getByRole('button', { name: 'Inbox' }).click();
  await sections.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(box(page)).toHaveValue('');
  await nav.getByRole('button', { name: /^Drafts/ }).click();
  await expect(page.getByRole('region', { name: 'Drafts' })).not.toContainText(
    'sent on a slow link',
  );
  expect(copies('sent on a slow link')).toBe(1);
});
