import { describe, expect, it } from 'vitest';
import { sideFor } from '../../../../src/renderer/lib/fit-popup.ts';

const list = { top: 60, bottom: 600 };

describe('which side of its anchor a popup opens on', () => {
  it('below when it fits there', () => {
    expect(sideFor(300, { belowTop: 120, anchorTop: 100 }, list)).toBe('below');
  });

  it('above when cut off below and there is more room above (the newest message)', () => {
    expect(sideFor(300, { belowTop: 560, anchorTop: 540 }, list)).toBe('above');
  });

  it('below when cut off on both sides but less so below', () => {
    expect(sideFor(600, { belowTop: 300, anchorTop: 280 }, list)).toBe('below');
  });
});
