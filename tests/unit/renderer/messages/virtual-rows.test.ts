import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VirtualRows } from '../../../../src/renderer/lib/virtual-rows.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('a windowed list of variable-height rows', () => {
  it('lays rows out from measured heights and estimates the rest', () => {
    const rows = new VirtualRows(50, 100);
    rows.setKeys([10, 11, 12]);
    rows.measure([[11, 120]]);
    expect(rows.offsetOf(12)).toBe(170);
    expect(rows.total).toBe(220);
  });

  it('lays a list shown again out from the heights measured when it was last shown', () => {
    const rows = new VirtualRows(50, 100);
    rows.setKeys([1, 2, 3]);
    rows.measure([
      [1, 120],
      [2, 30],
    ]);
    const before = rows.measured();
    rows.setKeys([7, 8]);
    expect(rows.total).toBe(100);
    // Back to the first list: its heights, not the estimate, with no measuring round.
    rows.setKeys([1, 2, 3], before);
    expect(rows.offsetOf(3)).toBe(150);
    expect(rows.measure([[1, 120]])).toBe(false);
    // A height measured since wins over a remembered one.
    rows.measure([[1, 80]]);
    rows.setKeys([1, 2, 3, 4], before);
    expect(rows.offsetOf(4)).toBe(80 + 30 + 50);
  });

  it('returns only the rows near the viewport, however long the list', () => {
    const rows = new VirtualRows(40, 80);
    rows.setKeys(range(1, 50_001));
    const w = rows.window(40 * 25_000, 800, 400);
    expect(w.end - w.start).toBeLessThanOrEqual(80);
    expect(rows.offsetOf(w.start + 1)! <= 40 * 25_000 - 400).toBe(true);
  });

  it('caps the rendered rows even when rows are tiny', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (count, viewport, scrollTop) => {
          const rows = new VirtualRows(2, 60);
          rows.setKeys(range(0, count));
          const w = rows.window(scrollTop, viewport, 500);
          expect(w.end - w.start).toBeLessThanOrEqual(60);
          expect(w.end).toBeLessThanOrEqual(count);
        },
      ),
    );
  });

  it('keeps the anchored row in place when older rows are inserted above it', () => {
    const rows = new VirtualRows(50, 100);
    rows.setKeys(range(1000, 1100));
    const anchor = rows.anchorAt(1234)!;
    const before = rows.offsetOf(anchor.key)! - 1234;
    rows.setKeys([...range(500, 1000), ...range(1000, 1100)]);
    rows.measure(range(500, 1000).map((k) => [k, 30 + (k % 7)]));
    const scrollTop = rows.restore(anchor)!;
    expect(rows.offsetOf(anchor.key)! - scrollTop).toBe(before);
    expect(scrollTop).toBeGreaterThan(500 * 30);
  });

  it('has no anchor to restore once its row is gone', () => {
    const rows = new VirtualRows(50, 100);
    rows.setKeys([1, 2, 3]);
    const anchor = rows.anchorAt(60)!;
    expect(anchor.key).toBe(2);
    rows.setKeys([1, 3]);
    expect(rows.restore(anchor)).toBeUndefined();
  });

  it('lays out messages arriving at the end as a list laid out afresh would', () => {
    // Each step: rows kept and some added after them (an incoming message), or any list (an
    // older page, a trimmed start, a repeated id), then heights measured for some rows.
    const step = fc.record({
      append: fc.boolean(),
      keys: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
      heights: fc.array(
        fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 300 })),
        {
          maxLength: 6,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const rows = new VirtualRows(50, 100);
        let keys: number[] = [];
        const measured = new Map<number, number>();
        for (const s of steps) {
          keys = s.append ? [...keys, ...s.keys] : s.keys;
          rows.setKeys(keys);
          for (const key of measured.keys()) if (!keys.includes(key)) measured.delete(key);
          rows.measure(s.heights);
          for (const [key, h] of s.heights) if (keys.includes(key)) measured.set(key, h);
          const fresh = new VirtualRows(50, 100);
          fresh.setKeys(keys, measured);
          for (const key of keys) expect(rows.offsetOf(key)).toBe(fresh.offsetOf(key));
          expect(rows.total).toBe(fresh.total);
          expect(rows.measured()).toEqual(measured);
        }
      }),
    );
  });
});
