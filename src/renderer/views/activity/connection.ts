/** Time wording of the Activity panel; the connection wording is shared with the tray. */
import type { Result } from '../../../contract/contract.ts';
import { RpcError } from '../../../contract/errors.ts';
import { explainError, explainText } from '../admin/rules/error-sentences.ts';

export { connectionLabel, rateLimitLabel } from '../../../contract/connection-label.ts';

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
const API_FAILURE = /^[A-Z]+ \S+: ([A-Z][A-Z_]+) \(HTTP (\d{3})\)/;

/** Codes that only this panel meets: the event queue's own life. */
const QUEUE_SENTENCES: Record<string, string> = {
  BAD_EVENT_QUEUE_ID:
    'The server had forgotten this connection (it restarted, or the computer slept), so Perch connected afresh.',
};
/** Codes whose sentence asks something of the user (sign in again, wait): said as elsewhere. */
const ASKS_THE_USER = new Set([
  'INVALID_API_KEY',
  'USER_DEACTIVATED',
  'REALM_DEACTIVATED',
  'RATE_LIMIT_HIT',
]);

/**
 * The connection's last failure as a sentence, never the raw error: a person reads this. The
 * server's own words are not quoted: they often carry addresses and queue ids. The whole text stays
 * for the Details fold.
 */
export function lastErrorSentence(text: string): string {
  const known = explainText(text);
  if (known) return known.sentence;
  const [, code, status] = API_FAILURE.exec(text) ?? [];
  if (!code) return 'The last attempt to hear from the server failed; Perch tries again by itself.';
  if (QUEUE_SENTENCES[code]) return QUEUE_SENTENCES[code];
  if (ASKS_THE_USER.has(code)) {
    return explainError(new RpcError({ code: 'FAILED', message: code, apiCode: code })).sentence;
  }
  return Number(status) >= 500
    ? 'The server had a problem and could not answer; Perch tries again by itself.'
    : 'The server (or a gateway in front of it) refused to keep this connection open; Perch tries again by itself.';
}
