/**
 * Issues 6 and 7: the message sidebar's unread counts come from the account's synced state,
 * so they are exact past the 5000 messages one server query returns and follow the queue:
 * a message arriving, messages read elsewhere, a channel muted.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { updateMessageFlags } from '../../src/api/routes/messages.ts';
import { updateSubscriptionProperties } from '../../src/api/routes/subscriptions.ts';
import { type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging, type Messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';

/** More unread messages than GET /messages hands out at once. */
const FLOOD = 5200;

let mode: BrowserMode;
let server: StartedServer;
let m: Messaging;
useServerAndBrowserMode((p) => {
  ({ server, mode } = p);
  m = messaging(server.ctx);
});

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (u: ServerUser) => server.state.users.get(u.user_id) as UserRecord;
const sidebarButton = (page: Page, name: RegExp | string) =>
  page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name, exact: true });

test('a channel with more than 5000 unread messages shows its exact count, and the count follows live', async ({
  page,
}) => {
  const owner = byRole(100);
  const member = byRole(400);
  const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const send = (i: number) =>
    m.send({
      sender: record(member),
      streamId: general.stream_id,
      topic: 'flood',
      content: `message ${i}`,
    });
  const flood = Array.from({ length: FLOOD }, (_, i) => send(i).id);

  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  // The window stays in the background, so nothing on screen is marked read by looking.
  await page.addInitScript(() => {
    document.hasFocus = () => false;
  });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(sidebarButton(page, `Channel general, ${FLOOD} unread`)).toBeVisible();
  // Its topics are listed once the channel is open.
  await sidebarButton(page, `Channel general, ${FLOOD} unread`).click();
  await expect(sidebarButton(page, `Topic flood, ${FLOOD} unread, in general`)).toBeVisible();
  await expect(sidebarButton(page, `All messages, ${FLOOD} unread`)).toBeVisible();

  send(FLOOD);
  await expect(sidebarButton(page, `Channel general, ${FLOOD + 1} unread`)).toBeVisible();

  // Read and muted on another device: the queue's events bring the change here.
  const elsewhere = new ApiClient({
    realmUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  try {
    await updateMessageFlags(elsewhere, { messages: flood.slice(0, 201), op: 'add', flag: 'read' });
    await expect(sidebarButton(page, 'Channel general, 5000 unread')).toBeVisible();
    await expect(sidebarButton(page, 'Topic flood, 5000 unread, in general')).toBeVisible();

    await updateSubscriptionProperties(elsewhere, [
      { stream_id: general.stream_id, property: 'is_muted', value: true },
    ]);
    await expect(sidebarButton(page, 'Channel general (muted)')).toBeVisible();
    await expect(sidebarButton(page, 'All messages')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
