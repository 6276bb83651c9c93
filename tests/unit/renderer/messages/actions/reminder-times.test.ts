import { describe, expect, it } from 'vitest';
import {
  localInputValue,
  pickedTime,
  reminderPresets,
} from '../../../../../src/renderer/views/messages/actions/reminder-times.ts';

describe('reminder times', () => {
  it('offers 20 minutes, 1 hour, 3 hours from now and tomorrow at 9:00 local time', () => {
    const now = new Date(2026, 11, 2, 15, 30, 0).getTime();
    const presets = reminderPresets(now);
    const s = now / 1000;
    expect(presets.map((p) => [p.label, p.at - s])).toEqual([
      ['In 20 minutes', 1200],
      ['In 1 hour', 3600],
      ['In 3 hours', 10800],
      ['Tomorrow at 9:00 AM', (24 - 15.5 + 9) * 3600],
    ]);
  });

  it('reads a picked date and time back as the same moment, and nothing else', () => {
    const at = Math.floor(new Date(2026, 11, 3, 8, 5).getTime() / 1000);
    expect(localInputValue(at)).toBe('2026-12-03T08:05');
    expect(pickedTime(localInputValue(at))).toBe(at);
    expect(pickedTime('')).toBeUndefined();
    expect(pickedTime('tomorrow')).toBeUndefined();
  });
});
