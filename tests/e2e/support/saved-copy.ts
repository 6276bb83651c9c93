import { expect, type Page } from '@playwright/test';
import type { ServerUser, StartedServer } from '../../../src/server/index.ts';
import { openNarrow } from './message-menu.ts';
import { signInPolling } from './queue-state.ts';
import { serverApi } from './server-api.ts';
import { switchableServer, type SwitchableServer } from './switchable-server.ts';
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
  // The account's first registration lets go of messages fetched before it (a new queue may
  // have missed events meanwhile), and on a slow machine it can end after the narrow opened:
  // the narrow is read once the account polls, so the copy saved at quit holds it.
  await signInPolling(mode, hop.url, user);
  await openNarrow(page, mode, narrow);
  await expect(page.getByText(seen)).toBeVisible();
  await hop.down();
  await mode.restart();
}

/** Who acts in an offline test, and the message it starts from. */
export interface OfflineStart {
  hop: SwitchableServer;
  owner: ServerUser;
  other: ServerUser;
  id: number;
}

/**
 * Another member posts `content` to general > `topic`, `before` does what else the saved copy
 * should hold, and the owner's Perch restarts offline with a copy that holds it (see
 * `restartOffline`); `run` goes on from there, and the hop is closed after it whatever happens.
 */
export async function offlineAfterPost(
  page: Page,
  mode: BrowserMode,
  server: StartedServer,
  {
    topic,
    content,
    before,
  }: { topic: string; content: string; before?: (id: number, other: ServerUser) => Promise<void> },
  run: (start: OfflineStart) => Promise<void>,
): Promise<void> {
  const hop = await switchableServer(server.url);
  try {
    const owner = server.users.find((u) => u.role === 100)!;
    const other = server.users.find((u) => u.role !== 100 && !u.email.includes('bot'))!;
    const { id } = (await serverApi(server.url, other, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic,
      content,
    })) as { id: number };
    await before?.(id, other);
    await restartOffline(page, mode, hop, {
      user: owner,
      narrow: `channel:general topic:${topic}`,
      seen: content,
    });
    await run({ hop, owner, other, id });
  } finally {
    await hop.close();
  }
}
