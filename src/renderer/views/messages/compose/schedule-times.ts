/**
 * When "Schedule message" can send, as upstream's web app offers it (help center, "Schedule a
 * message"): later today, tomorrow morning, Monday morning, or a time the writer picks.
 */
export interface SchedulePreset {
  id: string;
  label: string;
  /** UNIX seconds. */
  at: number;
}

/** The presets at `nowMs`, in the writer's local time; "later today" only before 6 PM. */
export function schedulePresets(nowMs: number): SchedulePreset[] {
  const presets: SchedulePreset[] = [];
  const later = new Date(nowMs);
  later.setHours(later.getHours() + 3, 0, 0, 0);
  if (later.getDate() === new Date(nowMs).getDate() && new Date(nowMs).getHours() < 18)
    presets.push({ id: 'later', label: 'Later today', at: seconds(later) });
  const tomorrow = new Date(nowMs);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  presets.push({ id: 'tomorrow', label: 'Tomorrow at 9:00 AM', at: seconds(tomorrow) });
  const monday = new Date(nowMs);
  // The next Monday, a week on when today is Monday.
  monday.setDate(monday.getDate() + ((8 - monday.getDay()) % 7 || 7));
  monday.setHours(9, 0, 0, 0);
  presets.push({ id: 'monday', label: 'Monday at 9:00 AM', at: seconds(monday) });
  return presets;
}

function seconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}
