/**
 * What the Messages list keeps across a sidebar patch: an equal copy of the reader's groups
 * or of the channel names leaves the held value (and so the drawn rows) alone; a real change
 * is taken.
 */
import { describe, expect, it } from 'vitest';
import { holdIfSame, sameEntries, sameNumbers } from '../../../../src/renderer/lib/held-value.ts';

describe('held values', () => {
  it('keeps the held groups for a patch that repeats them, and takes a changed list', () => {
    const held = [3, 7];
    expect(holdIfSame(held, [3, 7], sameNumbers)).toBe(held);
    expect(holdIfSame(held, [3], sameNumbers)).toEqual([3]);
    expect(holdIfSame(held, [7, 3], sameNumbers)).toEqual([7, 3]);
  });

  it('keeps the held channel names unless a name, a channel or its absence changed', () => {
    const held = new Map([
      [1, 'general'],
      [2, 'design'],
    ]);
    const copy = new Map([
      [2, 'design'],
      [1, 'general'],
    ]);
    expect(holdIfSame(held, copy, sameEntries)).toBe(held);
    const renamed = new Map([
      [1, 'general'],
      [2, 'design team'],
    ]);
    expect(holdIfSame(held, renamed, sameEntries)).toBe(renamed);
    const other = new Map([
      [1, 'general'],
      [3, 'design'],
    ]);
    expect(sameEntries(held, other)).toBe(false);
  });
});
