import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';
import { createCore, type Core } from '../../../src/core/core.ts';
import { RecordingBadgeSink } from '../../../src/core/notify/recorders.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';

export interface BadgePeers {
  server: StartedServer;
  core: Core;
  host: WebHost;
  /** The Core's tray badge, recorded as the tray would show it. */
  badge: RecordingBadgeSink;
}

/**
 * Before each test of the file: a fresh reference server and a Core of browser mode whose
 * tray badge the test reads, handed to `bind`; after each test: all stopped.
 */
export function useServerAndBadgeCore(bind: (peers: BadgePeers) => void): void {
  let dataDir: string | undefined;
  let current: BadgePeers | undefined;
  test.beforeEach(async () => {
    const server = await startServer({});
    dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
    const badge = new RecordingBadgeSink();
    const core = await createCore({ dataDir, version: '0.0.0-e2e', transport: 'web', badge });
    const host = await startWebHost({ core, staticDir: resolve('dist/renderer') });
    bind((current = { server, core, host, badge }));
  });
  test.afterEach(async () => {
    await current?.host.close();
    await current?.core.close();
    await current?.server.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    current = undefined;
  });
}
