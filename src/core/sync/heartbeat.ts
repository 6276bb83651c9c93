/**
 * When a long-poll has been quiet too long to call the server healthy. The spec (GET
 * /events) has the server end every poll with a heartbeat before the long-poll timeout it
 * names in register (`event_queue_longpoll_timeout_seconds`), but not say when. Upstream
 * sends one 45-60 s into a poll with its 90 s timeout, and the reference server after 45 s;
 * so a heartbeat is expected by half the named timeout, and silence past that plus a
 * margin means the server is not answering, long before the poll itself times out.
 */
import { DEFAULT_LONGPOLL_TIMEOUT_SECONDS } from '../../api/client.ts';

/** Room for upstream's later heartbeats (up to 60 s of a 90 s timeout) and a slow network. */
export const HEARTBEAT_MARGIN_MS = 20_000;

/** When a heartbeat should have come, for a server that names this long-poll timeout. */
export function expectedHeartbeatMs(longpollTimeoutSeconds: number | undefined): number {
  return ((longpollTimeoutSeconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS) * 1000) / 2;
}

/** How long a poll may go unanswered before the account is shown as not answering. */
export function silenceLimitMs(longpollTimeoutSeconds: number | undefined): number {
  const timeoutMs = (longpollTimeoutSeconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS) * 1000;
  // Never later than the poll's own timeout: past it the poll fails and says so itself.
  return Math.min(expectedHeartbeatMs(longpollTimeoutSeconds) + HEARTBEAT_MARGIN_MS, timeoutMs);
}
