/**
 * When "Remind me about this" can remind, as upstream's web app offers it: in 20 minutes,
 * in 1 hour, in 3 hours, tomorrow morning, or a time the reader picks.
 */
export interface ReminderPreset {
  id: string;
  label: string;
  /** UNIX seconds. */
  at: number;
}

/** The presets at `nowMs`, in the reader's local time. */
export function reminderPresets(nowMs: number): ReminderPreset[] {
  const now = Math.floor(nowMs / 1000);
  const tomorrow = new Date(nowMs);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  return [
    { id: '20m', label: 'In 20 minutes', at: now + 20 * 60 },
    { id: '1h', label: 'In 1 hour', at: now + 3600 },
    { id: '3h', label: 'In 3 hours', at: now + 3 * 3600 },
    { id: 'tomorrow', label: 'Tomorrow at 9:00 AM', at: Math.floor(tomorrow.getTime() / 1000) },
  ];
}

/** A `datetime-local` input's value as UNIX seconds, or undefined when it is not a time. */
export function pickedTime(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The `datetime-local` value of a time, in local time, to the minute. */
export function localInputValue(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
