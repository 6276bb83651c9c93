import { describe, expect, test } from 'vitest';
import { schedulePresets } from '../../../../../src/renderer/views/messages/compose/schedule-times.ts';

const at = (iso: string) => new Date(iso).getTime();
const local = (s: number) => {
  const d = new Date(s * 1000);
  return [d.getDay(), d.getHours(), d.getMinutes()];
};

describe('schedule presets', () => {
  test('a Wednesday morning offers later today, tomorrow at 9 and Monday at 9', () => {
    const presets = schedulePresets(at('2026-12-02T10:20:00'));
    expect(presets.map((p) => p.label)).toEqual([
      'Later today',
      'Tomorrow at 9:00 AM',
      'Monday at 9:00 AM',
    ]);
    expect(presets.map((p) => local(p.at))).toEqual([
      [3, 13, 0],
      [4, 9, 0],
      [1, 9, 0],
    ]);
  });

  test('in the evening there is no later today; on a Monday, Monday is next week', () => {
    const evening = schedulePresets(at('2026-12-02T19:00:00'));
    expect(evening.map((p) => p.id)).toEqual(['tomorrow', 'monday']);
    const monday = schedulePresets(at('2026-12-07T08:00:00'));
    const next = monday.find((p) => p.id === 'monday')!;
    expect(new Date(next.at * 1000).getDate()).toBe(14);
  });
});
