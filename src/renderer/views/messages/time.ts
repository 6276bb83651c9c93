/**
 * Message times as the reader's locale writes them, on the reader's clock: the user's
 * `twenty_four_hour_time` setting (true, false, or null to follow the locale) decides the hour
 * cycle, as the upstream web app's message timestamps do.
 */
type HourCycle = boolean | null | undefined;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(withDate: boolean, twentyFourHour: HourCycle): Intl.DateTimeFormat {
  const key = `${withDate}/${String(twentyFourHour ?? null)}`;
  let f = formats.get(key);
  if (f === undefined) {
    const cycle: Intl.DateTimeFormatOptions =
      twentyFourHour === null || twentyFourHour === undefined
        ? {}
        : { hourCycle: twentyFourHour ? 'h23' : 'h12' };
    // dateStyle/timeStyle cannot be mixed with hourCycle in every engine: spell the parts out.
    f = new Intl.DateTimeFormat(undefined, {
      ...(withDate ? { year: 'numeric', month: 'short', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      ...cycle,
    });
    formats.set(key, f);
  }
  return f;
}

export function formatTime(unixSeconds: number, twentyFourHour?: HourCycle): string {
  return format(true, twentyFourHour).format(new Date(unixSeconds * 1000));
}

/** Just the time of day, beside a message whose date its separator already gives. */
export function formatClock(unixSeconds: number, twentyFourHour?: HourCycle): string {
  return format(false, twentyFourHour).format(new Date(unixSeconds * 1000));
}
