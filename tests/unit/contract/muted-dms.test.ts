import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../../src/core/prefs.ts';
import { dmParticipants, isDmMuted, withDmMuted } from '../../../src/contract/muted-dms.ts';

const ME = 7;

describe("Perch's muted direct message conversations", () => {
  it('mutes one conversation of one account, whatever order its people come in, and unmutes it', () => {
    const muted = {
      ...defaultPreferences,
      ...withDmMuted(defaultPreferences, 'a', [9, 4], ME, true),
    };
    expect(isDmMuted(muted, 'a', [4, 9], ME)).toBe(true);
    expect(isDmMuted(muted, 'a', [4], ME)).toBe(false);
    expect(isDmMuted(muted, 'b', [4, 9], ME)).toBe(false);
    const again = { ...muted, ...withDmMuted(muted, 'a', [4, 9], ME, true) };
    expect(again.mutedDms).toEqual({ a: ['4,9'] });
    const unmuted = { ...again, ...withDmMuted(again, 'a', [9, 4], ME, false) };
    expect(isDmMuted(unmuted, 'a', [4, 9], ME)).toBe(false);
    expect(unmuted.mutedDms).toEqual({});
  });

  it('takes a notes-to-self conversation named by its narrow ([me]) and by the views (no others) as one', () => {
    const fromNotification = {
      ...defaultPreferences,
      ...withDmMuted(defaultPreferences, 'a', [ME], ME, true),
    };
    expect(isDmMuted(fromNotification, 'a', [], ME)).toBe(true);
    const unmutedInView = {
      ...fromNotification,
      ...withDmMuted(fromNotification, 'a', [], ME, false),
    };
    expect(unmutedInView.mutedDms).toEqual({});
    expect(dmParticipants(String(ME), ME)).toEqual([]);
    // The empty key the views once wrote for it is read as notes to self and goes at a change.
    expect(dmParticipants('', ME)).toEqual([]);
    const old = { ...defaultPreferences, mutedDms: { a: [''] } };
    expect(withDmMuted(old, 'a', [], ME, false).mutedDms).toEqual({});
  });

  it('keys a conversation the same with or without the reader among its people', () => {
    const muted = {
      ...defaultPreferences,
      ...withDmMuted(defaultPreferences, 'a', [ME, 9, 4], ME, true),
    };
    expect(muted.mutedDms).toEqual({ a: ['4,9'] });
    expect(dmParticipants('4,9', ME)).toEqual([4, 9]);
  });
});
