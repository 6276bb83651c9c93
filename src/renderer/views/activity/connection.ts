/** Time wording of the Activity panel; the connection wording is shared with the tray. */
import type { Result } from '../../../core/rpc/contract.ts';
import { RpcError } from '../../../core/rpc/errors.ts';
import { explainError, explainText } from '../admin/rules/error-sentences.ts';

export { connectionLabel, rateLimitLabel } from '../../../core/sync/connection-label.ts';

export type SyncStatus = Result<'sync.status'>[number];
export type Health = SyncStatus['health'];

/** "12 s ago" for the last event or heartbeat; "never" before the first. */
export function ago(at: number | undefined, now: number): string {
  if (at === undefined) return 'never';
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** The API client's failure text: `GET /events: BAD_EVENT_QUEUE_ID (HTTP 400): message`. */
const API_FAILURE = /^[A-Z]+ \S+: ([A-Z][A-Z_]+) \(HTTP \d{3}\)(?:: (.*))?$/s;

/** Codes that only this panel meets: the event queue's own life. */
const QUEUE_SENTENCES: Record<string, string> = {
  BAD_EVENT_QUEUE_ID:
    'The server had forgotten this connection (it restarted, or the computer slept), so Perch connected afresh.',
};

/**
 * The connection's last failure as a sentence (issue 22 point 6: no raw errors in what a
 * reader reads); the Core's text stays for the Details fold.
 */
export function lastErrorSentence(text: string): string {
  const known = explainText(text);
  if (known) return known.sentence;
  const api = API_FAILURE.exec(text);
  if (!api?.[1]) return 'The last attempt to hear from the server failed.';
  const code = api[1];
  const message = api[2] ?? code;
  return (
    QUEUE_SENTENCES[code] ??
    explainError(new RpcError({ code: 'FAILED', message, apiCode: code })).sentence
  );
}
