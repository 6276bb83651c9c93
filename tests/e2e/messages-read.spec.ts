/**
 * Messages the user has seen are marked read (POST /messages/flags), and the sidebar counts and
 * the tray badge follow from the server's event.
 */
import { expect, test } from '@playwright/test';
import type { Core } from '../../src/core/core.ts';
import type { RecordingBadgeSink } from '../../src/core/notify/recorders.ts';
import type { StartedServer } from '../../src/server/index.ts';
import { FLAG_BITS } from '../../src/server/messages/flags.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import type { WebHost } from '../../src/web/host.ts';
import { useServerAndBadgeCore } from './support/badge-core.ts';

let server: StartedServer;
let core: Core;
let host: WebHost;
let badge: RecordingBadgeSink;
// The Core of browser mode, with a badge this test can read like the tray's.
useServerAndBadgeCore((p) => ({ server, core, host, badge } = p));

test('direct messages seen in the window become read; the counts and the tray badge follow', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const sender = server.state.users.get(member.user_id) as UserRecord;
  const m = messaging(server.ctx);
  const sent = [1, 2, 3].map((i) =>
    m.send({ sender, dmUserIds: [owner.user_id], content: `psst ${i}` }),
  );
  await core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  await expect.poll(() => badge.current.count).toBe(3);

  // The window starts in the background, so the unread count is on screen before anything
  // counts as seen: opened in front, Messages may show these messages (and read them) before
  // the count was ever drawn, on a busy machine. It comes forward once the count is checked.
  await page.addInitScript(() => {
    const w = window as Window & { inFront?: boolean };
    document.hasFocus = () => w.inFront === true;
  });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  const conversation = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Direct messages with Mel Member/ });
  await expect(conversation).toHaveAccessibleName(/, 3 unread$/);
  await page.evaluate(() => {
    (window as Window & { inFront?: boolean }).inFront = true;
    window.dispatchEvent(new Event('focus'));
  });
  await conversation.click();
  await expect(page.getByRole('article')).toHaveCount(3);

  await expect(conversation).toHaveAccessibleName('Direct messages with Mel Member');
  await expect.poll(() => badge.current.count).toBe(0);
  for (const message of sent) {
    expect(m.store.history(owner.user_id).flagsOf(message.id)! & FLAG_BITS.read).toBe(
      FLAG_BITS.read,
    );
  }
});
