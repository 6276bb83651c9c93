/**
 * Two signed-in clients on one organization: two Perch Cores, each served in browser mode
 * and open in its own page, as two people (or one person twice) would have them.
 */
import { test, type BrowserContext, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { openAdminAs } from './admin.ts';
import { untilPolling } from './queue-state.ts';
import { startBrowserMode } from './web-host.ts';

export interface TwoClients {
  first: Page;
  second: Page;
  stop(): Promise<void>;
}

/**
 * Opens `page` as `a` on `panelA` and a second page of `context` as `b` on `panelB`, each
 * on its own Core, and waits until both event queues listen so no change goes unseen.
 */
export async function openTwoClients(
  server: StartedServer,
  page: Page,
  context: BrowserContext,
  [a, panelA]: [ServerUser, string],
  [b, panelB]: [ServerUser, string],
): Promise<TwoClients> {
  const modes = [await startBrowserMode(), await startBrowserMode()] as const;
  const stop = async () => {
    for (const m of modes) await m.stop();
  };
  try {
    await openAdminAs(page, modes[0], { ...a, serverUrl: server.url }, panelA);
    const second = await context.newPage();
    await openAdminAs(second, modes[1], { ...b, serverUrl: server.url }, panelB);
    await untilPolling(modes[0]);
    await untilPolling(modes[1]);
    return { first: page, second, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A fresh reference server per test of the calling file, and two clients on it opened with
 * `open`; both stop after each test.
 */
export function twoClientSuite() {
  let server: StartedServer | undefined;
  let clients: TwoClients | undefined;
  test.beforeEach(async () => {
    server = await startServer({ rateLimit: false });
  });
  test.afterEach(async () => {
    await clients?.stop();
    clients = undefined;
    await server?.close();
  });
  return {
    get server(): StartedServer {
      if (!server) throw new Error('no server outside a test');
      return server;
    },
    /** The first human with the role (spec 2.1 values). */
    byRole(role: number): ServerUser {
      return this.server.users.find((u) => u.role === role && !u.is_bot)!;
    },
    async open(
      page: Page,
      context: BrowserContext,
      a: [ServerUser, string],
      b: [ServerUser, string],
    ): Promise<TwoClients> {
      clients = await openTwoClients(this.server, page, context, a, b);
      return clients;
    },
  };
}
