import { test } from '@playwright/test';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import type { WebHostOptions } from '../../../src/web/host.ts';
import {
  BUS_TOOLS,
  missingTools,
  startPrivateBus,
  type PrivateBus,
} from '../../fixtures/notification-bus.ts';
import {
  startOwnNotificationServer,
  type OwnNotificationServer,
} from '../../fixtures/own-notification-server.ts';
import { startBrowserMode, type BrowserMode } from './web-host.ts';

export interface DbusDesktop {
  bus: PrivateBus;
  /** The test's own notification server: pressing a button on a real one cannot be scripted. */
  desktop: OwnNotificationServer;
  server: StartedServer;
  mode: BrowserMode;
}

/**
 * For browser mode's notifications over D-Bus (docs/notifications.md "D-Bus"): before each
 * test of the file, a private session bus with the test's own notification server on it, a
 * fresh reference server, and a Core in browser mode that notifies on that bus, handed to
 * `bind` so the spec keeps its own names; after each test, all stopped. The file's tests are
 * skipped where the bus tools are missing.
 */
export function useDbusDesktop(
  bind: (desktop: DbusDesktop) => void,
  hostOptions: Pick<WebHostOptions, 'launcher'> = {},
): void {
  const missing = missingTools(BUS_TOOLS);
  test.skip(missing !== undefined, missing);
  let current: DbusDesktop | undefined;
  test.beforeEach(async () => {
    const bus = await startPrivateBus();
    const desktop = await startOwnNotificationServer(bus.address);
    const server = await startServer();
    const mode = await startBrowserMode(
      { notifyInRenderer: true, dbusNotifications: { address: bus.address } },
      hostOptions,
    );
    bind((current = { bus, desktop, server, mode }));
  });
  test.afterEach(async () => {
    if (!current) return;
    await current.mode.stop();
    await current.server.close();
    current.desktop.close();
    await current.bus.close();
    current = undefined;
  });
}
