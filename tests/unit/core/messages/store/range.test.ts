/**
 * The stretch rules against a brute-force service: whatever windows were fetched and
 * joined, a window the stretch answers equals what the service would return for it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerWindow,
  joinRanges,
  rangeOfPage,
  trimRange,
  type NarrowRange,
  type WindowAsk,
} from '../../../../../src/core/messages/store/range.ts';

/** GET /messages over a narrow holding exactly `all` (ascending), as the service walks it. */
function service(all: number[], ask: WindowAsk) {
  const at = ask.anchor === 'newest' ? Infinity : ask.anchor === 'oldest' ? 0 : ask.anchor;
  const below = all.filter((id) => id < at);
  const above = all.filter((id) => id > at);
  const foundAnchor = ask.includeAnchor && all.includes(at);
  return {
    ids: [
      ...below.slice(Math.max(0, below.length - ask.numBefore)),
      ...(foundAnchor ? [at] : []),
      ...above.slice(0, ask.numAfter),
    ],
    foundAnchor,
    foundOldest: below.length <= ask.numBefore,
    foundNewest: above.length <= ask.numAfter,
  };
}

function page(all: number[], ask: WindowAsk) {
  const got = service(all, ask);
  const anchor = ask.anchor === 'newest' ? null : ask.anchor === 'oldest' ? 0 : ask.anchor;
  return { ...got, historyLimited: false, anchor };
}

const ask: fc.Arbitrary<WindowAsk> = fc.record({
  anchor: fc.oneof(
    fc.constantFrom<'newest' | 'oldest'>('newest', 'oldest'),
    fc.integer({ min: 1, max: 60 }),
  ),
  includeAnchor: fc.boolean(),
  numBefore: fc.nat(8),
  numAfter: fc.nat(8),
});

describe('a narrow stretch', () => {
  it('answers only windows it decides, and those exactly as the service', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 30 }),
        fc.array(ask, { minLength: 1, maxLength: 5 }),
        fc.array(ask, { minLength: 1, maxLength: 10 }),
        (ids, fetched, asked) => {
          const all = [...ids].sort((a, b) => a - b);
          let range: NarrowRange | undefined;
          for (const f of fetched) {
            const fresh = rangeOfPage(f, page(all, f));
            range = range ? joinRanges(range, fresh) : fresh;
          }
          for (const a of asked) {
            const answer = answerWindow(range as NarrowRange, a);
            if (answer) expect(answer).toEqual(service(all, a));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers the very window it was fetched for, even where more lie beyond', () => {
    const all = Array.from({ length: 300 }, (_, i) => i + 1);
    const newest: WindowAsk = {
      anchor: 'newest',
      includeAnchor: true,
      numBefore: 100,
      numAfter: 0,
    };
    const range = rangeOfPage(newest, page(all, newest));
    expect(answerWindow(range, newest)).toEqual(service(all, newest));
    // Scrolling up one batch further is not known yet: that goes to the server.
    const older: WindowAsk = { anchor: 201, includeAnchor: false, numBefore: 100, numAfter: 0 };
    expect(answerWindow(range, older)).toBeUndefined();
    const joined = joinRanges(range, rangeOfPage(older, page(all, older)));
    expect(joined.ids).toHaveLength(200);
    expect(answerWindow(joined, older)).toEqual(service(all, older));
  });

  it('does not join stretches with a gap between them: the fresh one replaces the old', () => {
    const all = Array.from({ length: 50 }, (_, i) => i + 1);
    const top: WindowAsk = { anchor: 'newest', includeAnchor: true, numBefore: 5, numAfter: 0 };
    const bottom: WindowAsk = { anchor: 'oldest', includeAnchor: true, numBefore: 0, numAfter: 5 };
    const joined = joinRanges(
      rangeOfPage(top, page(all, top)),
      rangeOfPage(bottom, page(all, bottom)),
    );
    expect(joined.ids).toEqual([1, 2, 3, 4, 5]);
    expect(answerWindow(joined, top)).toBeUndefined();
  });

  it('still answers exactly as the service after being cut to a budget', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 30 }),
        fc.array(fc.tuple(ask, fc.integer({ min: 1, max: 12 })), { minLength: 1, maxLength: 5 }),
        fc.array(ask, { minLength: 1, maxLength: 10 }),
        (ids, fetched, asked) => {
          const all = [...ids].sort((a, b) => a - b);
          let range: NarrowRange | undefined;
          for (const [f, max] of fetched) {
            const fresh = rangeOfPage(f, page(all, f));
            const focus = fresh.ids.length
              ? { lo: fresh.ids[0]!, hi: fresh.ids.at(-1)! }
              : undefined;
            range = trimRange(range ? joinRanges(range, fresh) : fresh, max, focus);
            // The page just fetched is what is on screen: it is never cut.
            for (const id of fresh.ids) expect(range.ids).toContain(id);
            expect(range.ids.length).toBeLessThanOrEqual(Math.max(max, fresh.ids.length));
          }
          for (const a of asked) {
            const answer = answerWindow(range as NarrowRange, a);
            if (answer) expect(answer).toEqual(service(all, a));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
