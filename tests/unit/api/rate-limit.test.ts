import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { RateLimitPacer, readRateLimitHeaders } from '../../../src/api/rate-limit.ts';

describe('readRateLimitHeaders', () => {
  it('reads the remaining budget and the reset time as numbers', () => {
    expect(
      readRateLimitHeaders({
        'x-ratelimit-limit': '200',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1767225660.5',
      }),
    ).toEqual({ remaining: 0, resetSeconds: 1767225660.5 });
  });

  it('ignores missing or non-numeric headers', () => {
    expect(readRateLimitHeaders({ 'x-ratelimit-remaining': 'soon' })).toEqual({
      remaining: undefined,
      resetSeconds: undefined,
    });
  });
});

describe('RateLimitPacer', () => {
  it('does not wait while the server reports budget left', async () => {
    const clock = new ManualClock();
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 2, resetSeconds: clock.now() / 1000 + 30 });
    expect(pacer.delayMs()).toBe(0);
  });

  it('waits until the reset time once the budget is spent', async () => {
    const clock = new ManualClock();
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 0, resetSeconds: clock.now() / 1000 + 5 });
    expect(pacer.delayMs()).toBe(5000);

    let done = false;
    const waiting = pacer.beforeRequest().then(() => (done = true));
    await clock.advance(4999);
    expect(done).toBe(false);
    await clock.advance(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('counts requests sent since the last answer against the budget', async () => {
    const clock = new ManualClock();
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 1, resetSeconds: clock.now() / 1000 + 10 });
    await pacer.beforeRequest();
    expect(pacer.delayMs()).toBe(10_000);
  });

  it('stops pacing once the reset time has passed', async () => {
    const clock = new ManualClock();
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 0, resetSeconds: clock.now() / 1000 + 1 });
    await clock.advance(1000);
    expect(pacer.delayMs()).toBe(0);
  });

  it('gives up waiting when the caller aborts', async () => {
    const clock = new ManualClock();
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 0, resetSeconds: clock.now() / 1000 + 30 });
    const controller = new AbortController();
    const waiting = pacer.beforeRequest(controller.signal);
    controller.abort(new Error('user closed the window'));
    await expect(waiting).rejects.toThrow('user closed the window');
  });
});
