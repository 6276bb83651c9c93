/**
 * Every call an account makes goes through one client: the server counts its rate limit
 * per user, so a message fetch from the window and the background queue share one budget,
 * and a fetch held back by it shows in the account's health like the queue's own waits.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type { Result } from '../../../src/contract/contract.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import type { ServerUser } from '../../../src/server/index.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';
import { ReferenceServer, person, send, until, untilAsync } from './sync/harness.ts';

const WINDOW = { requests: 8, windowSeconds: 60 };

describe("one client per account, shared by the queue and the window's calls", () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let core: Core;
  let me: ServerUser;
  let pushed: Result<'sync.status'>[];

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock, { rateLimit: WINDOW });
    me = person(server.started, 'member');
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-shared-client-')),
      version: 't',
      transport: 'web',
      clock,
      secrets: new MemorySecrets(),
    });
    pushed = [];
    core.subscribe((topic, payload) => {
      if (topic === 'sync.status') pushed.push(payload as Result<'sync.status'>);
    });
  });

  afterEach(async () => {
    // Move past the window so releasing the queue on close is not itself held back.
    await clock.advance(WINDOW.windowSeconds * 1000);
    await core.close();
    await server.close();
  });

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  const health = () => pushed.at(-1)?.[0]?.health;

  it('a fetch that meets a spent budget waits, says so in the health, then succeeds', async () => {
    const account = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    await until(() => health()?.state === 'polling', 'the account to be watched');
    const ada = person(server.started, 'admin');
    const sent = await send(server.started, ada, clock, {
      type: 'direct',
      to: [me.user_id],
      content: 'the report is ready',
    });

    // Something else of this user's (a phone, a script) spends the rest of the budget.
    const auth = `Basic ${Buffer.from(`${me.email}:${me.api_key}`).toString('base64')}`;
    for (;;) {
      const response = await fetch(`${server.url}/api/v1/users/me`, {
        headers: { authorization: auth },
      });
      await response.arrayBuffer();
      if (response.status === 429) break;
    }

    const page = call<Result<'messages.fetch'>>('messages.fetch', {
      accountId: account.id,
      narrow: [],
      anchor: 'newest',
      numBefore: 20,
      numAfter: 0,
    });
    await until(
      () => health()?.rateLimitedEndpoint === 'GET /messages',
      "the fetch's wait in the account's health",
    );
    expect(health()?.rateLimitedUntil).toBeGreaterThan(clock.now());

    await clock.advance(WINDOW.windowSeconds * 1000);
    expect((await page).messages.map((m) => m.id)).toContain(sent);
    await untilAsync(
      async () => health()?.rateLimitedUntil === undefined,
      'the wait to be cleared',
    );
  });
});
