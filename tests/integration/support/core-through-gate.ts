/**
 * A Core whose account reaches a fresh reference server through a counting Gate, so a test
 * can say which requests an action made. Set up before each test and closed after it; call
 * inside the `describe` (or file) it serves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type { InboxAccountWire } from '../../../src/contract/schemas/inbox.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { Gate } from '../core/sync/harness.ts';
import { MemorySecrets } from '../core/sync/memory-secrets.ts';

export function useCoreThroughGate() {
  let running: { server: StartedServer; gate: Gate; core: Core; dataDir: string } | undefined;
  const pushed: { topic: string; payload: unknown }[] = [];

  beforeEach(async () => {
    const server = await startServer({ rateLimit: false });
    const gate = await Gate.open(server.url);
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-gated-'));
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    pushed.length = 0;
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
    running = { server, gate, core, dataDir };
  });
  afterEach(async () => {
    if (!running) return;
    const { server, gate, core, dataDir } = running;
    running = undefined;
    await core.close();
    await gate.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const current = () => {
    if (!running) throw new Error('no Core outside a test');
    return running;
  };

  async function call<R>(channel: string, args: unknown = {}): Promise<R> {
    const response = await current().core.invoke(channel, args);
    if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
    return response.result as R;
  }

  return {
    get server() {
      return current().server;
    },
    get gate() {
      return current().gate;
    },
    get core() {
      return current().core;
    },
    /** Every topic the Core pushed during this test, in order. */
    pushed,
    call,
    /** Signs `user` in through the gate and waits until its organization is live. */
    async signIn(user: ServerUser): Promise<string> {
      const { id } = await call<{ id: string }>('accounts.signInWithKey', {
        serverUrl: current().gate.url,
        email: user.email,
        apiKey: user.api_key,
        allowInsecure: true,
      });
      await expect
        .poll(async () => {
          const { accounts } = await call<{ accounts: InboxAccountWire[] }>('inbox.get');
          return accounts.find((a) => a.accountId === id)?.connection;
        })
        .toBe('live');
      return id;
    },
  };
}
