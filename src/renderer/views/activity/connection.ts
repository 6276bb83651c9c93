/** Time wording of the Activity panel; the connection wording is shared with the tray. */
import type { Result } from '../../../core/rpc/contract.ts';

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
