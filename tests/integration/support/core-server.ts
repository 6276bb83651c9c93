/**
 * The setup the Core-over-HTTP tests share: before each test a fresh reference server and a
 * Core in browser-mode shape on its own data directory (keys in memory: these tests are not
 * about the keychain), everything the Core pushes recorded; after each test all of it closed
 * and the directory removed. Call it inside the `describe` it serves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { MemorySecretStore } from '../../../src/core/accounts/memory-secret-store.ts';
import { createCore, type Core, type CoreOptions } from '../../../src/core/core.ts';
import type { Result } from '../../../src/contract/contract.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import {
  startServer,
  type ServerOptions,
  type ServerUser,
  type StartedServer,
} from '../../../src/server/index.ts';

export interface Pushed {
  topic: string;
  payload: unknown;
}

export interface CoreAndServerOptions {
  /** The reference server's options (the shared clock is added when there is one). */
  server?: ServerOptions;
  /** One ManualClock for the server and the Core, so a test can move time for both. */
  manualClock?: boolean;
  /** More of the Core's options, read when each test's Core is built. */
  core?: () => Partial<CoreOptions>;
}

interface Running {
  server: StartedServer;
  core: Core;
  clock: ManualClock | undefined;
  dataDir: string;
}

export function useCoreAndServer(options: CoreAndServerOptions = {}) {
  let running: Running | undefined;
  const pushed: Pushed[] = [];
  const withClock = (clock: ManualClock | undefined) => (clock ? { clock } : {});

  beforeEach(async () => {
    const clock = options.manualClock ? new ManualClock() : undefined;
    const server = await startServer({ ...options.server, ...withClock(clock) });
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-core-'));
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecretStore(),
      ...withClock(clock),
      ...options.core?.(),
    });
    pushed.length = 0;
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
    running = { server, core, clock, dataDir };
  });
  afterEach(async () => {
    if (!running) return;
    const { server, core, dataDir } = running;
    running = undefined;
    await core.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const current = (): Running => {
    if (!running) throw new Error('no Core or server outside a test');
    return running;
  };

  /** Invokes a channel that must succeed; its error (code and message) fails the test. */
  async function call<R>(channel: string, args: unknown = {}): Promise<R> {
    const response = await current().core.invoke(channel, args);
    if (!response.ok) {
      const { apiCode, message } = response.error;
      throw new Error(apiCode ? `${apiCode}: ${message}` : message);
    }
    return response.result as R;
  }

  return {
    get server(): StartedServer {
      return current().server;
    },
    get core(): Core {
      return current().core;
    },
    get clock(): ManualClock {
      const { clock } = current();
      if (!clock) throw new Error('useCoreAndServer({ manualClock: true }) gives a clock');
      return clock;
    },
    /** Every topic the Core pushed during this test, in order. */
    pushed,
    call,
    /**
     * Signs `user` in to this test's server and returns the account id; with `listening`,
     * first waits until the account's event queue polls, so no change after this goes unseen.
     */
    async signIn(user: ServerUser, { listening = false } = {}): Promise<string> {
      const { id } = await call<{ id: string }>('accounts.signInWithKey', {
        serverUrl: current().server.url,
        email: user.email,
        apiKey: user.api_key,
        allowInsecure: true,
      });
      if (listening) {
        await expect
          .poll(async () =>
            (await call<Result<'sync.status'>>('sync.status')).find((s) => s.accountId === id),
          )
          .toMatchObject({ health: { state: 'polling' } });
      }
      return id;
    },
    /** Swaps this test's server for one started with other options (same clock). */
    async replaceServer(serverOptions: ServerOptions): Promise<StartedServer> {
      const now = current();
      await now.server.close();
      now.server = await startServer({ ...serverOptions, ...withClock(now.clock) });
      return now.server;
    },
  };
}
