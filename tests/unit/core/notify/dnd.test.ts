import { describe, expect, it } from 'vitest';
import { DoNotDisturb, type DndState } from '../../../../src/core/notify/dnd.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';

const HOUR = 3_600_000;

describe('Do Not Disturb', () => {
  it('until tomorrow ends at 08:00 local time, and after midnight at this morning', () => {
    const clock = new ManualClock(new Date(2026, 4, 10, 22, 30).getTime());
    expect(new DoNotDisturb(clock).set('tomorrow')).toEqual({
      active: true,
      until: new Date(2026, 4, 11, 8, 0).getTime(),
    });

    const night = new ManualClock(new Date(2026, 4, 11, 2, 0).getTime());
    expect(new DoNotDisturb(night).set('tomorrow').until).toBe(
      new Date(2026, 4, 11, 8, 0).getTime(),
    );
  });

  it('ends by itself on time, or stays until turned off', async () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    dnd.set('hour');
    await clock.advance(HOUR - 1);
    expect(dnd.isActive()).toBe(true);
    await clock.advance(1);
    expect(dnd.state()).toEqual({ active: false, until: null });

    dnd.set('indefinite');
    await clock.advance(30 * 24 * HOUR);
    expect(dnd.state()).toEqual({ active: true, until: null });
    expect(dnd.set('off')).toEqual({ active: false, until: null });
  });

  it('tells its listeners when a period ends, without anyone asking', async () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    const seen: DndState[] = [];
    dnd.onChange((s) => seen.push(s));
    const on = dnd.set('hour');
    await clock.advance(HOUR);
    expect(seen).toEqual([on, { active: false, until: null }]);
  });

  it('a later choice replaces the earlier end: no stale timer turns it off', async () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    dnd.set('hour');
    await clock.advance(HOUR / 2);
    dnd.set('indefinite');
    const seen: DndState[] = [];
    dnd.onChange((s) => seen.push(s));
    await clock.advance(2 * HOUR);
    expect(dnd.isActive()).toBe(true);
    expect(seen).toEqual([]);
  });

  it('restores a saved period that has not ended, and its end still comes', async () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    const seen: DndState[] = [];
    dnd.onChange((s) => seen.push(s));
    dnd.restore({ active: true, until: clock.now() + HOUR });
    expect(seen).toEqual([]);
    expect(dnd.isActive()).toBe(true);
    await clock.advance(HOUR);
    expect(seen).toEqual([{ active: false, until: null }]);
  });

  it('a saved period that ended while Perch was closed comes back off', () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    dnd.restore({ active: true, until: clock.now() - 1 });
    expect(dnd.state()).toEqual({ active: false, until: null });
    dnd.restore({ active: true, until: null });
    expect(dnd.state()).toEqual({ active: true, until: null });
  });

  it('after dispose no timer is left to fire', async () => {
    const clock = new ManualClock();
    const dnd = new DoNotDisturb(clock);
    const seen: DndState[] = [];
    dnd.onChange((s) => seen.push(s));
    dnd.set('hour');
    dnd.dispose();
    await clock.advance(2 * HOUR);
    expect(seen).toHaveLength(1);
  });
});
