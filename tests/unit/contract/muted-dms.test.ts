import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../../src/core/prefs.ts';
import { isDmMuted, withDmMuted } from '../../../src/contract/muted-dms.ts';

describe("Perch's muted direct message conversations", () => {
  it('mutes one conversation of one account, whatever order its people come in, and unmutes it', () => {
    const muted = { ...defaultPreferences, ...withDmMuted(defaultPreferences, 'a', [9, 4], true) };
    expect(isDmMuted(muted, 'a', [4, 9])).toBe(true);
    expect(isDmMuted(muted, 'a', [4])).toBe(false);
    expect(isDmMuted(muted, 'b', [4, 9])).toBe(false);
    const again = { ...muted, ...withDmMuted(muted, 'a', [4, 9], true) };
    expect(again.mutedDms).toEqual({ a: ['4,9'] });
    const unmuted = { ...again, ...withDmMuted(again, 'a', [9, 4], false) };
    expect(isDmMuted(unmuted, 'a', [4, 9])).toBe(false);
    expect(unmuted.mutedDms).toEqual({});
  });
});
