import { describe, expect, it } from 'vitest';
import { dayLabel, relativeDay } from '../../../../src/renderer/views/messages/day-label.ts';
import { ago } from '../../../../src/renderer/views/recent/rows.ts';

// The reader is in New York (UTC-5 in winter, UTC-4 from March 8 2026): midnight is theirs.
const o = { timeZone: 'America/New_York', locale: 'en-US' };
const ny = (y: number, mo: number, d: number, h: number, mi = 0) =>
  Date.UTC(y, mo - 1, d, h + 5, mi);
const s = (ms: number) => ms / 1000;

describe('what a date separator calls a day', () => {
  it('turns Today into Yesterday at the reader’s midnight, not 24 hours later', () => {
    const now = ny(2026, 1, 14, 0, 1);
    expect(dayLabel(s(ny(2026, 1, 14, 0, 0)), now, o)).toBe('Today');
    expect(dayLabel(s(ny(2026, 1, 13, 23, 59)), now, o)).toBe('Yesterday');
    expect(dayLabel(s(ny(2026, 1, 13, 0, 0)), now, o)).toBe('Yesterday');
    expect(dayLabel(s(ny(2026, 1, 12, 23, 59)), now, o)).toBe('Monday, January 12');
    // Late in the evening, the morning is still today.
    expect(dayLabel(s(ny(2026, 1, 14, 0, 5)), ny(2026, 1, 14, 23, 59), o)).toBe('Today');
  });

  it('counts across New Year: Dec 31 is yesterday on Jan 1, and other years say their year', () => {
    const now = ny(2026, 1, 1, 0, 10);
    expect(relativeDay(s(ny(2025, 12, 31, 23, 50)), now, o)).toBe('yesterday');
    expect(dayLabel(s(ny(2025, 12, 31, 23, 50)), now, o)).toBe('Yesterday');
    expect(dayLabel(s(ny(2025, 12, 30, 12)), now, o)).toBe('Tuesday, December 30, 2025');
    expect(dayLabel(s(ny(2026, 1, 1, 0, 0)), now, o)).toBe('Today');
  });

  it('knows yesterday across a month end and a leap day', () => {
    expect(dayLabel(s(ny(2028, 2, 29, 22)), ny(2028, 3, 1, 1), o)).toBe('Yesterday');
    expect(dayLabel(s(ny(2026, 2, 28, 22)), ny(2026, 3, 1, 1), o)).toBe('Yesterday');
  });

  it('is the same day in the zone even when UTC has already moved on', () => {
    // 21:00 in New York is 02:00 UTC the next day.
    expect(dayLabel(s(ny(2026, 1, 13, 21)), ny(2026, 1, 13, 22), o)).toBe('Today');
  });
});

describe('how long ago Recent says a conversation was active', () => {
  const now = ny(2026, 1, 14, 9);
  it('counts minutes and hours today, then says Yesterday, then the date', () => {
    expect(ago(s(now - 30_000), now, o)).toBe('just now');
    expect(ago(s(now - 5 * 60_000), now, o)).toBe('5 min ago');
    expect(ago(s(ny(2026, 1, 14, 1)), now, o)).toBe('8 h ago');
    // Only 10 hours ago, but before midnight: yesterday.
    expect(ago(s(ny(2026, 1, 13, 23)), now, o)).toBe('Yesterday');
    expect(ago(s(ny(2026, 1, 2, 12)), now, o)).toBe('Jan 2');
    expect(ago(s(ny(2025, 12, 2, 12)), now, o)).toBe('Dec 2, 2025');
  });
});
