/** RATE_LIMIT_HIT waits and header pacing, on a clock the test drives. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
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
});
