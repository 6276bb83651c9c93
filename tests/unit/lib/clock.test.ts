import { describe, expect, it } from 'vitest';
import { ManualClock, sleep } from '../../../src/lib/clock.ts';

describe('ManualClock', () => {
  it('fires timers in time order as time advances, and not before', async () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b@20'), 20);
    clock.setTimeout(() => fired.push('a@10'), 10);
    await clock.advance(9);
    expect(fired).toEqual([]);
    await clock.advance(11);
    expect(fired).toEqual(['a@10', 'b@20']);
    expect(clock.now()).toBe(20);
  });

  it('runs timers scheduled by earlier timers within the same advance', async () => {
    const clock = new ManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 5);
    }, 5);
    await clock.advance(10);
    expect(fired).toEqual([5, 10]);
  });

  it('lets an awaited sleep resume, and a cleared timer never fire', async () => {
    const clock = new ManualClock(0);
    let woke = false;
    void sleep(clock, 100).then(() => (woke = true));
    const h = clock.setTimeout(() => {
      throw new Error('should not fire');
    }, 50);
    clock.clearTimeout(h);
    await clock.advance(100);
    expect(woke).toBe(true);
  });

  it('rejects a sleep when its signal aborts, and drops its timer', async () => {
    const clock = new ManualClock(0);
    const ctrl = new AbortController();
    const p = sleep(clock, 1000, ctrl.signal);
    ctrl.abort(new Error('kicked'));
    await expect(p).rejects.toThrow('kicked');
    expect(clock.pendingCount).toBe(0);
  });
});
