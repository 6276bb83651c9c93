/** Message times as the reader's locale writes them. */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(unixSeconds: number): string {
  return timeFormat.format(new Date(unixSeconds * 1000));
}
