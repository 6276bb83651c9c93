/**
 * Writing while the server is out of reach (docs/architecture.md, "Writes" and "The cache on
 * disk"): Perch starts from its saved copy with the server unreachable, a reply waits in the
 * outbox in the words compose uses, and once the server answers it arrives exactly once and
 * shows once in the list, with no second copy from its own echo.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../src/server/index.ts';
import { menuItem, openNarrow } from './support/message-menu.ts';
import { messageRow } from './support/message-data.ts';
import { offlineAfterPost, restartOffline } from './support/saved-copy.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { serverApi } from './support/server-api.ts';
import { shotsAcross } from './support/shots.ts';
import { switchableServer } from './support/switchable-server.ts';
import type { BrowserMode } from './support/web-host.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const box = (page: Page) => compose(page).getByRole('textbox', { name: 'Message' });
const pending = (page: Page) => page.getByRole('list', { name: 'Messages not yet sent' });

test('a reply written offline waits, then reaches the server once and shows once', async ({
  page,
}) => {
  // Perch quits, and starts again from its saved copy with the server unreachable.
  const start = { topic: 'harbour', content: 'Is the harbour tour still on?' };
  await offlineAfterPost(page, mode, server, start, async ({ hop, owner }) => {
    await openNarrow(page, mode, 'channel:general topic:harbour');
    await expect(page.getByText('Is the harbour tour still on?')).toBeVisible();
    const reply = 'Yes, we meet at the pier at nine';
    await box(page).fill(reply);
    await box(page).press('Control+Enter');
    await expect(box(page)).toHaveValue('');
    await expect(pending(page).getByRole('listitem')).toContainText(reply);
    await expect(pending(page).getByRole('listitem')).toContainText('Waiting to send');
    await expect(compose(page).getByRole('status')).toContainText('Waiting to send');
    await expect(pending(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await shotsAcross(page, 'reply-waiting');

    // The server answers again.
    await hop.up();
    await mode.core.invoke('sync.reconnect', {});
    const shown = page.getByRole('article').filter({ hasText: reply });
    await expect(shown).toHaveCount(1);
    await expect(pending(page)).toHaveCount(0);
    const held = (await serverApi(server.url, owner, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'harbour' },
      ],
    })) as { messages: { content: string }[] };
    expect(held.messages.filter((m) => m.content.includes(reply))).toHaveLength(1);
    // Its own echo and a later registration add no second copy.
    await mode.core.invoke('sync.reconnect', {});
    await expect(page.getByText('Is the harbour tour still on?')).toBeVisible();
    await expect(shown).toHaveCount(1);
  });
});

test('a search offline reads the saved copy and says so, with no server error', async ({
  page,
}) => {
  const hop = await switchableServer(server.url);
  try {
    const owner = server.users.find((u) => u.role === 100)!;
    for (const content of ['The ferry leaves at noon', 'Lunch by the ferry terminal', 'Rain later'])
      await serverApi(server.url, owner, 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'crossing',
        content,
      });
    await restartOffline(page, mode, hop, {
      user: owner,
      narrow: 'channel:general topic:crossing',
      seen: 'Rain later',
    });
    await openNarrow(page, mode, 'search:ferry');
    const note = page.getByTestId('offline-search');
    await expect(note).toContainText(
      /^Offline: searched the saved copy of this account, \d+ messages\./,
    );
    const found = page.getByRole('article');
    await expect(found.filter({ hasText: 'The ferry leaves at noon' })).toHaveCount(1);
    await expect(found.filter({ hasText: 'Lunch by the ferry terminal' })).toHaveCount(1);
    await expect(found.filter({ hasText: 'Rain later' })).toHaveCount(0);
    await expect(page.locator('.banner.error')).toHaveCount(0);
    await shotsAcross(page, 'search-offline');
  } finally {
    await hop.close();
  }
});

test('a star and a reaction made offline show as waiting on their row, outlive a restart and go once', async ({
  page,
}) => {
  const start = {
    topic: 'lanterns',
    content: 'Lanterns go up at dusk',
    before: async (id: number, other: ServerUser) => {
      await serverApi(server.url, other, 'POST', `/messages/${id}/reactions`, {
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      });
    },
  };
  await offlineAfterPost(page, mode, server, start, async ({ hop, owner, id }) => {
    await openNarrow(page, mode, 'channel:general topic:lanterns');
    const row = messageRow(page, id);
    await expect(row).toContainText('Lanterns go up at dusk');
    await (await menuItem(page, id, 'Star message')).click();
    await row.getByRole('button', { name: /^tada: 1 by / }).click();
    const star = row.getByTestId('star-waiting');
    const waiting = row.getByTestId('queued-writes');
    await expect(star).toHaveAccessibleName('Starred. Waiting to send: you are offline');
    // Its read mark waits too when the copy held it unread; whether it did depends on the
    // machine's pace (read-marker.ts marks a moment after showing, perhaps before the server
    // went away), so only the reaction's chip is checked here, by its accessible name.
    const reaction = waiting.getByRole('listitem', {
      name: 'Your :tada: reaction. Waiting to send: you are offline',
    });
    await expect(reaction).toBeVisible();
    await expect(reaction).toHaveText(/waiting to send/);
    await row.hover();
    await shotsAcross(page, 'writes-waiting');

    // Perch quits and starts again, still offline: the writes still wait, still shown.
    await mode.restart();
    await openNarrow(page, mode, 'channel:general topic:lanterns');
    await expect(star).toHaveAccessibleName('Starred. Waiting to send: you are offline');
    await expect(reaction).toBeVisible();

    // The server answers: each goes once, and the row shows them as the server holds them.
    await hop.up();
    await mode.core.invoke('sync.reconnect', {});
    await expect(star).toHaveCount(0);
    await expect(waiting).toHaveCount(0);
    await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();
    await expect(row.getByRole('button', { name: /^tada: 2 by / })).toBeVisible();
    const held = (await serverApi(server.url, owner, 'GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [],
    })) as { messages: { flags: string[]; reactions: { user_id: number }[] }[] };
    expect(held.messages[0]?.flags).toContain('starred');
    expect(held.messages[0]?.reactions.filter((r) => r.user_id === owner.user_id)).toHaveLength(1);
  });
});

test('a star made offline on a message deleted meanwhile is dropped, and Activity says so', async ({
  page,
}) => {
  const start = { topic: 'kites', content: 'Kites at the beach tomorrow' };
  await offlineAfterPost(page, mode, server, start, async ({ hop, other, id }) => {
    await openNarrow(page, mode, 'channel:general topic:kites');
    await (await menuItem(page, id, 'Star message')).click();
    await expect(messageRow(page, id).getByTestId('star-waiting')).toBeVisible();
    await serverApi(server.url, other, 'DELETE', `/messages/${id}`);

    await hop.up();
    await mode.core.invoke('sync.reconnect', {});
    await page.getByRole('button', { name: 'Activity' }).click();
    await expect(page.getByTestId('queue-dropped-write')).toHaveText(
      'Your star, made while the server could not be reached, was dropped: the message was deleted meanwhile.',
    );
    await shotsAcross(page, 'activity-dropped-write');
  });
});
