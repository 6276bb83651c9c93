/** RATE_LIMIT_HIT waits and header pacing, on a clock the test drives. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import type { ApiClient, RateLimitWait } from '../../../src/api/client.ts';
import { RateLimitHitError } from '../../../src/api/errors.ts';
import { getOwnUser } from '../../../src/api/routes/users.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

const clock = new ManualClock();

/** Lets real I/O run until the client is waiting on the clock (no real-time sleeping). */
async function untilWaiting(): Promise<void> {
  for (let i = 0; i < 100_000 && clock.pendingCount === 0; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(clock.pendingCount).toBeGreaterThan(0);
}

/** The waits a client reports: each as it starts, and again once it has ended. */
function recordWaits(client: ApiClient): { started: RateLimitWait[]; ended: RateLimitWait[] } {
  const started: RateLimitWait[] = [];
  const ended: RateLimitWait[] = [];
  client.onWait((wait) => {
    started.push(wait);
    return () => void ended.push(wait);
  });
  return { started, ended };
}

describe('rate limiting', () => {
  const h = useServer({ clock, rateLimit: { requests: 3, windowSeconds: 10 } });

  it('paces itself from the X-RateLimit headers instead of hitting the limit', async () => {
    const user = humanWithRole(h.server, ROLE.member);
    const client = h.asUser(user, { clock });
    for (let i = 0; i < 3; i++) await getOwnUser(client);
    let done = false;
    const fourth = getOwnUser(client).then(() => (done = true));
    await untilWaiting();
    expect(done).toBe(false);
    await clock.advance(10_000);
    await fourth;
    expect(done).toBe(true);
  });

  it('waits the retry-after the server asked for, then retries and succeeds', async () => {
    await clock.advance(10_000);
    const user = humanWithRole(h.server, ROLE.admin);
    // Another client of the same user spends the budget, so this one meets the 429 itself.
    const other = h.asUser(user, { clock });
    for (let i = 0; i < 3; i++) await getOwnUser(other);
    const client = h.asUser(user, { clock });
    let done = false;
    const call = getOwnUser(client).then((r) => {
      done = true;
      return r;
    });
    await untilWaiting();
    expect(done).toBe(false);
    await clock.advance(10_000);
    expect((await call).data.user_id).toBe(user.user_id);
  });

  it('gives up with RateLimitHitError after the configured number of retries', async () => {
    await clock.advance(10_000);
    const user = humanWithRole(h.server, ROLE.moderator);
    const other = h.asUser(user, { clock });
    for (let i = 0; i < 3; i++) await getOwnUser(other);
    const error = await failure(getOwnUser(h.asUser(user, { clock, maxRateLimitRetries: 0 })));
    expect(error).toBeInstanceOf(RateLimitHitError);
    expect((error as RateLimitHitError).retryAfter).toBeGreaterThan(0);
    expect((error as RateLimitHitError).status).toBe(429);
  });

  it('reports a pacing wait with the call and its end, and when the wait is over', async () => {
    await clock.advance(10_000);
    const client = h.asUser(humanWithRole(h.server, ROLE.guest), { clock });
    const windowEnds = clock.now() + 10_000;
    for (let i = 0; i < 3; i++) await getOwnUser(client);
    const waits = recordWaits(client);
    const fourth = getOwnUser(client);
    await untilWaiting();
    expect(waits.started).toEqual([
      { endpoint: 'GET /users/me', reason: 'pacing', until: windowEnds },
    ]);
    expect(waits.ended).toEqual([]);
    await clock.advance(9_999);
    expect(waits.ended).toEqual([]);
    await clock.advance(1);
    await fourth;
    expect(waits.ended).toEqual(waits.started);
  });

  it('reports a RATE_LIMIT_HIT wait for the retry-after the server asked, and its end', async () => {
    await clock.advance(10_000);
    const user = humanWithRole(h.server, ROLE.owner);
    const other = h.asUser(user, { clock });
    for (let i = 0; i < 3; i++) await getOwnUser(other);
    await clock.advance(4_000);
    const client = h.asUser(user, { clock });
    const waits = recordWaits(client);
    const call = getOwnUser(client);
    await untilWaiting();
    const retryAt = clock.now() + 6_000;
    expect(waits.started).toEqual([
      { endpoint: 'GET /users/me', reason: 'rate_limit_hit', until: retryAt },
    ]);
    expect(waits.ended).toEqual([]);
    await clock.advance(6_000);
    expect((await call).data.user_id).toBe(user.user_id);
    expect(waits.ended).toEqual(waits.started);
    // The retry found a fresh window: no second wait.
    expect(waits.started).toHaveLength(1);
  });

  it('reports the end of a wait the caller aborted, and nothing once unsubscribed', async () => {
    await clock.advance(10_000);
    const client = h.asUser(humanWithRole(h.server, ROLE.member, 1), { clock });
    for (let i = 0; i < 3; i++) await getOwnUser(client);
    const waits = recordWaits(client);
    const controller = new AbortController();
    const aborted = failure(getOwnUser(client, controller.signal));
    await untilWaiting();
    expect(waits.started).toHaveLength(1);
    controller.abort(new Error('window closed'));
    expect(await aborted).toEqual(new Error('window closed'));
    expect(waits.ended).toEqual(waits.started);

    const unheard: RateLimitWait[] = [];
    client.onWait((wait) => void unheard.push(wait))();
    const paced = getOwnUser(client);
    await untilWaiting();
    expect(unheard).toEqual([]);
    await clock.advance(10_000);
    await paced;
  });
});
