/** Message times as the reader's locale writes them. */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(unixSeconds: number): string {
  return timeFormat.format(new Date(unixSeconds * 1000));
}

const clockFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Just the time of day, beside a message whose date its separator already gives. */
export function formatClock(unixSeconds: number): string {
  return clockFormat.format(new Date(unixSeconds * 1000));
}
