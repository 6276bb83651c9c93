/**
 * Someone's local time from their profile's time zone, in the reader's own 12/24-hour
 * choice (null: the reader's locale decides). Undefined when the zone is unset or unknown.
 */
export function localTime(
  timezone: string,
  twentyFourHour: boolean | null,
  now: number,
): string | undefined {
  if (timezone === '') return undefined;
  try {
    return new Intl.DateTimeFormat(undefined, {
      timeZone: timezone,
      hour: 'numeric',
      minute: '2-digit',
      ...(twentyFourHour === null ? {} : { hourCycle: twentyFourHour ? 'h23' : 'h12' }),
    }).format(new Date(now));
  } catch {
    return undefined;
  }
}
