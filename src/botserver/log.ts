import type { Clock } from '../lib/clock.ts';
import type { BotLogger } from './types.ts';

export type LogSink = (line: string) => void;

/**
 * Values come from the request and could hold spaces or newlines; quoting keeps every
 * request on one parseable line. Long values are cut so one request cannot flood the log.
 */
function quote(value: string): string {
  const cut = value.length > 200 ? `${value.slice(0, 200)}…` : value;
  return /^[\w.@+:/-]+$/.test(cut) ? cut : JSON.stringify(cut);
}

function field(name: string, value: string): string {
  return `${name}=${quote(value)}`;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** Never the token: only names and outcomes belong in a log. */
  fields: Record<string, string | undefined>;
}

export function requestLine(clock: Clock, entry: RequestLogEntry): string {
  const extra = Object.entries(entry.fields)
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => field(name, value));
  const stamp = new Date(clock.now()).toISOString();
  return [stamp, entry.method, quote(entry.path), entry.status, `${entry.ms}ms`, ...extra].join(
    ' ',
  );
}

/** The logger a handler gets: its lines carry the bot's name. */
export function botLogger(clock: Clock, sink: LogSink, botName: string): BotLogger {
  const write = (level: string, message: string) =>
    sink(
      `${new Date(clock.now()).toISOString()} ${field('bot', botName)} ${level} ${JSON.stringify(message)}`,
    );
  return { info: (m) => write('info', m), error: (m) => write('error', m) };
}
