/**
 * What a date separator (and Recent's "when") calls a day, as its reader counts days: "Today",
 * "Yesterday", else the date, with the year only when it is not this year. Days are calendar
 * days in the reader's zone, so the label turns at their midnight, whatever the hours between.
 */
export interface DayOptions {
  /** IANA zone; the reader's own when left out (tests pin one). */
  timeZone?: string | undefined;
  locale?: string | undefined;
}

const keyFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in the zone (en-CA writes dates that way). */
function dayKey(ms: number, timeZone: string | undefined): string {
  const id = timeZone ?? '';
  let format = keyFormats.get(id);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    keyFormats.set(id, format);
  }
  return format.format(new Date(ms));
}

/** The calendar day before a YYYY-MM-DD one (date arithmetic in UTC: no zone, no DST). */
function dayBefore(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export type RelativeDay = 'today' | 'yesterday' | 'earlier';

export function relativeDay(unixSeconds: number, nowMs: number, o: DayOptions = {}): RelativeDay {
  const day = dayKey(unixSeconds * 1000, o.timeZone);
  const today = dayKey(nowMs, o.timeZone);
  if (day === today) return 'today';
  return day === dayBefore(today) ? 'yesterday' : 'earlier';
}

/** "Today", "Yesterday", "Monday, November 24" or, another year, "Monday, November 24, 2025". */
export function dayLabel(unixSeconds: number, nowMs: number, o: DayOptions = {}): string {
  const relative = relativeDay(unixSeconds, nowMs, o);
  if (relative === 'today') return 'Today';
  if (relative === 'yesterday') return 'Yesterday';
  const sameYear =
    dayKey(unixSeconds * 1000, o.timeZone).slice(0, 4) === dayKey(nowMs, o.timeZone).slice(0, 4);
  return new Intl.DateTimeFormat(o.locale, {
    timeZone: o.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(unixSeconds * 1000));
}
