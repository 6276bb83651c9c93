/**
 * The fixture of the message specs: before each test a fresh reference server and a Core in
 * browser mode (peers.ts), the server's message service and data (message-data.ts), and
 * second clients opened on demand; after each test everything stopped. One call replaces the
 * hooks and bindings each spec would otherwise repeat.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ServerOptions, ServerUser, StartedServer } from '../../../src/server/index.ts';
import { messaging, type Messaging } from '../../../src/server/messages/service.ts';
import { OWNER } from './admin.ts';
import { messageData, openAllMessages } from './message-data.ts';
import { openNarrow, signInAt } from './message-menu.ts';
import { useServerAndBrowserMode, type Peers } from './peers.ts';
import { startBrowserMode, type BrowserMode } from './web-host.ts';

export function useMessageSuite(options: ServerOptions = {}) {
  let peers: Peers | undefined;
  let service: Messaging | undefined;
  const others: { mode: BrowserMode; contexts: BrowserContext[] }[] = [];
  useServerAndBrowserMode((p) => {
    peers = p;
    service = messaging(p.server.ctx);
  }, options);
  test.afterEach(async () => {
    for (const other of others.splice(0)) {
      for (const context of other.contexts) await context.close();
      await other.mode.stop();
    }
  });
  const current = (): Peers => {
    if (!peers) throw new Error('no server outside a test');
    return peers;
  };
  const data = messageData(
    () => current().server,
    () => service!,
  );
  return {
    ...data,
    get server(): StartedServer {
      return current().server;
    },
    get mode(): BrowserMode {
      return current().mode;
    },
    /** The server's message service, to post and read messages behind the client's back. */
    get m(): Messaging {
      current();
      return service!;
    },
    /** Signs `user` (the owner unless named) in and shows all of their messages. */
    openAll(page: Page, user: ServerUser = data.byRole(OWNER), serverUrl?: string) {
      const { server, mode } = current();
      return openAllMessages(page, mode, server, user, serverUrl ? { serverUrl } : {});
    },
    /**
     * Opens the window first and signs `user` in only then, so its first screen (which would
     * open and read the newest unread topic) has already been chosen: everything stays unread.
     */
    async signInOnceOpen(page: Page, user: ServerUser, height = 800): Promise<void> {
      const { server, mode } = current();
      await page.setViewportSize({ width: 1280, height });
      await page.goto(mode.host.url);
      await expect(
        page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('button', { name: 'Accounts' }),
      ).toHaveAttribute('aria-current', 'page');
      const signed = await mode.core.invoke('accounts.signInWithKey', {
        serverUrl: server.url,
        email: user.email,
        apiKey: user.api_key,
      });
      expect(signed.ok).toBe(true);
    },
    /** Signs `user` in to this test's Core and opens its window on `narrow`. */
    openAt(page: Page, user: ServerUser, narrow: string) {
      const { server, mode } = current();
      return signInAt(page, mode, server, user, narrow);
    },
    /**
     * Another person (or the same one elsewhere) on a Core of their own: `user` signed in
     * there, one page per narrow, each in its own browser context.
     */
    async otherClient(
      browser: Browser,
      user: ServerUser,
      ...narrows: [string, ...string[]]
    ): Promise<[Page, ...Page[]]> {
      const other = { mode: await startBrowserMode(), contexts: [] as BrowserContext[] };
      others.push(other);
      const pages: Page[] = [];
      for (const narrow of narrows) {
        const context = await browser.newContext();
        other.contexts.push(context);
        const page = await context.newPage();
        if (pages.length === 0) await signInAt(page, other.mode, current().server, user, narrow);
        else await openNarrow(page, other.mode, narrow);
        pages.push(page);
      }
      return pages as [Page, ...Page[]];
    },
  };
}
