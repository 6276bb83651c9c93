/**
 * `<time:...>` as upstream renders it: a `<time>` element whose datetime is the moment in
 * UTC, keeping the text as written, so each reader's client shows it in their own zone.
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './mentions.ts';

interface TimeToken extends Tokens.Generic {
  type: 'time';
  raw: string;
  text: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*$/;

/** Offsets in minutes of the zone abbreviations upstream's parser is given. */
const ZONES: Readonly<Record<string, number>> = {
  utc: 0,
  gmt: 0,
  z: 0,
  ist: 330,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  cet: 60,
  cest: 120,
  bst: 60,
  eet: 120,
  eest: 180,
  msk: 180,
  jst: 540,
  kst: 540,
  hkt: 480,
  sgt: 480,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
};

/**
 * A written date and time, read as upstream's parser (dateutil) reads the common forms:
 * "Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST", "2017-06-05 22:30". Without a zone
 * the time is UTC, as upstream takes it.
 */
function parseWritten(text: string): Date | undefined {
  const words = text
    .toLowerCase()
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
    .replace(/(\d)(am|pm)\b/g, '$1 $2')
    .split(/[\s,]+/)
    .filter((w) => w !== '' && w !== 'at' && !WEEKDAYS.test(w));
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let offset = 0;
  for (const word of words) {
    const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(word);
    const monthAt = MONTHS.indexOf(word.slice(0, 3));
    if (clock) [hour, minute, second] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
    else if (word === 'am' || word === 'pm') {
      if (hour > 12) return undefined;
      hour = (hour % 12) + (word === 'pm' ? 12 : 0);
    } else if (monthAt >= 0 && /^[a-z]+\.?$/.test(word)) month = monthAt;
    else if (/^\d{4}$/.test(word)) year = Number(word);
    else if (/^\d{1,2}$/.test(word) && day === undefined) day = Number(word);
    else if (word in ZONES) offset = ZONES[word]!;
    else if (/^[+-]\d{2}:?\d{2}$/.test(word)) {
      const sign = word.startsWith('-') ? -1 : 1;
      const digits = word.slice(1).replace(':', '');
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    } else return undefined;
  }
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(Date.UTC(year, month, day, hour, minute - offset, second));
}

function parse(text: string): Date | undefined {
  let date: Date | undefined;
  if (/^\d+$/.test(text)) date = new Date(Number(text) * 1000);
  else if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    // An ISO time with no zone is UTC upstream; JavaScript would take the machine's zone.
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) || !/[T ]\d/.test(text);
    date = new Date(zoned ? text : `${text.replace(' ', 'T')}Z`);
  } else date = parseWritten(text);
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}

export function timeExtension(): TokenizerAndRendererExtension {
  return {
    name: 'time',
    level: 'inline',
    start: (src) => src.indexOf('<time:'),
    tokenizer(src): TimeToken | undefined {
      const m = /^<time:([^>\n]+)>/.exec(src);
      return m ? { type: 'time', raw: m[0], text: m[1]! } : undefined;
    },
    renderer(t) {
      const { text } = t as TimeToken;
      const date = parse(text);
      if (!date)
        return `<span class="timestamp-error">Invalid time format: ${escapeHtml(text)}</span>`;
      const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
      return `<time datetime="${iso}">${escapeHtml(text)}</time>`;
    },
  };
}
