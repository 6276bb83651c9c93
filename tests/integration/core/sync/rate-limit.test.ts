/**
 * A call held back by the server's rate limit shows in the account's pushed health, so the
 * Activity panel can say why nothing arrives, and stops showing once the wait is over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/api/client.ts';
import { getOwnUser } from '../../../../src/api/routes/users.ts';
import type { AccountSyncStatus } from '../../../../src/core/sync/manager.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { PerchUnderTest, ReferenceServer, apiClient, person, send, until } from './harness.ts';

/** POST /register and the first GET /events spend it; the next poll has to wait. */
const WINDOW = { requests: 2, windowSeconds: 60 };

describe("an account's health while its client waits on the rate limit", () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let perch: PerchUnderTest;
  let me: ServerUser;
  let ada: ServerUser;
  let client: ApiClient | undefined;
  let pushed: AccountSyncStatus[];

  afterEach(async () => {
    // The budget may be spent, and releasing the queue would wait for it to refill.
    await perch.manager.stopAccount(me.email, false);
    await perch.manager.close();
    await server.close();
  });

  /** Watches `me` on a server whose budget the queue spends at once; returns the reset. */
  async function watchOnSpentBudget(): Promise<number> {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock, { rateLimit: WINDOW });
    me = person(server.started, 'member');
    ada = person(server.started, 'admin');
    pushed = [];
    perch = new PerchUnderTest(server.url, [me], clock, {
      clientFor: async () => (client = apiClient(server.url, me, clock)),
      onHealth: (status) => void pushed.push(status),
    });
    const windowEnds = clock.now() + WINDOW.windowSeconds * 1000;
    await perch.watch(me);
    return windowEnds;
  }

  const latest = () => pushed.at(-1)?.health;

  it('shows the wait and its call while the next poll is paced, and clears it after', async () => {
    const windowEnds = await watchOnSpentBudget();
    expect(latest()?.rateLimitedUntil).toBeUndefined();

    const first = await send(server.started, ada, clock, {
      type: 'direct',
      to: [me.user_id],
      content: 'are you there?',
    });
    await perch.decided(me, [first]);
    await until(() => latest()?.rateLimitedUntil !== undefined, 'the wait to be pushed');
    expect(latest()).toMatchObject({
      state: 'polling',
      rateLimitedUntil: windowEnds,
      rateLimitedEndpoint: 'GET /events',
    });
    expect(perch.health(me).rateLimitedUntil).toBe(windowEnds);

    await clock.advance(windowEnds - clock.now());
    expect(latest()).toMatchObject({ state: 'polling' });
    expect(latest()?.rateLimitedUntil).toBeUndefined();
    expect(latest()?.rateLimitedEndpoint).toBeUndefined();
    expect(perch.health(me).rateLimitedUntil).toBeUndefined();

    // The poll it held back went out: the queue hears the next message.
    const second = await send(server.started, ada, clock, {
      type: 'direct',
      to: [me.user_id],
      content: 'now?',
    });
    await perch.decided(me, [second]);
  });

  it('stops listening to the client when the account stops', async () => {
    await watchOnSpentBudget();
    await perch.manager.stopAccount(me.email, false);
    const before = pushed.length;

    // Still spent: a call on the stopped account's client waits, unheard by the account.
    let waiting = false;
    client!.onWait(() => void (waiting = true));
    const paced = getOwnUser(client!).catch(() => undefined);
    await until(() => waiting, 'the call to wait');
    await clock.advance(WINDOW.windowSeconds * 1000);
    await paced;
    expect(pushed.length).toBe(before);
  });
});
